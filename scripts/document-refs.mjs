// Reading the bundled document, for every build step: its JSON media type, local `$ref`s, its
// operations, and what it says about signing. The one place the scripts follow a reference.
export const JSON_MEDIA = "application/json";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** The path segments of a local `$ref` such as `#/components/responses/BadRequest`. */
export const refSegments = (ref) => ref.replace(/^#\//, "").split("/").map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));

/**
 * Follows local `$ref`s until a node without one. `segments` is where that node stands in the
 * document: the last reference's target, or `segments` as given when `node` held no reference.
 */
export function resolveAt(document, node, segments = []) {
  let at = { node, segments };
  while (at.node?.$ref) {
    const target = refSegments(at.node.$ref);
    at = { node: target.reduce((n, key) => n?.[key], document), segments: target };
  }
  return at;
}

/** Follows local `$ref`s until a node without one. */
export const resolve = (document, node) => resolveAt(document, node).node;

/** The node with every local $ref replaced by what it points to (the document's schemas hold no cycles). */
export function dereferenced(document, node, depth = 0) {
  if (depth > 32) throw new Error("a schema nests deeper than 32 levels (a $ref cycle?)");
  const at = resolve(document, node);
  if (Array.isArray(at)) return at.map((item) => dereferenced(document, item, depth + 1));
  if (!at || typeof at !== "object") return at;
  return Object.fromEntries(Object.entries(at).map(([key, value]) => [key, dereferenced(document, value, depth + 1)]));
}

/** Every operation of a group of the document (`paths` or `webhooks`), with its name and method. */
export function* operationsOf(document, group = "paths") {
  for (const [name, item] of Object.entries(document[group] ?? {})) {
    for (const method of METHODS) if (item[method]) yield { name, method, operation: item[method] };
  }
}

/** The local sandbox among the document's servers: the one with a fixed address (the API's own are templates). */
export const isSandboxServer = (server) => !server.variables || Object.keys(server.variables).length === 0;

/** Whether the operation needs credentials: a security requirement that is not empty. */
export const isSigned = (document, operation) =>
  (operation.security ?? document.security ?? []).some((requirement) => Object.keys(requirement).length > 0);

/**
 * How requests are signed, from the security schemes: the three header names by role (the schemes
 * ApiKey, Payload and Signature) and the body fields the signer sets (`x-signed-body-fields` on
 * Payload: the path called and the nonce).
 */
export function signingFacts(document) {
  const schemes = document.components.securitySchemes;
  const header = (scheme) => {
    if (schemes[scheme]?.in !== "header" || !schemes[scheme].name) throw new Error(`securitySchemes.${scheme} must be a header with a name`);
    return schemes[scheme].name;
  };
  const fields = schemes.Payload["x-signed-body-fields"];
  if (!fields?.path || !fields.nonce) throw new Error("securitySchemes.Payload must name x-signed-body-fields path and nonce");
  return {
    headers: { apiKey: header("ApiKey"), payload: header("Payload"), signature: header("Signature") },
    bodyFields: { path: fields.path, nonce: fields.nonce },
    ...signatureRule(schemes.Signature["x-txc-signing"]),
  };
}

/**
 * How the signature is made (`x-txc-signing` on the Signature scheme): the payload's encoding of
 * the body bytes, the HMAC's hash (as WebCrypto names it: SHA-512) and the signature's encoding.
 * What the package's signers cannot do is refused here, at generation, not at a user's first call.
 */
function signatureRule(rule) {
  const hmac = /^HMAC-(SHA-?(?:256|384|512))$/.exec(rule?.algorithm ?? "")?.[1]?.replace(/^SHA-?/, "SHA-");
  if (!hmac) throw new Error("securitySchemes.Signature x-txc-signing.algorithm must be HMAC-SHA256, HMAC-SHA384 or HMAC-SHA512");
  if (rule.payloadEncoding !== "base64") throw new Error("securitySchemes.Signature x-txc-signing.payloadEncoding must be base64: the signers encode the body so");
  if (rule.signatureEncoding !== "hex") throw new Error("securitySchemes.Signature x-txc-signing.signatureEncoding must be hex: the signers encode the signature so");
  return { hmac, payloadEncoding: rule.payloadEncoding, signatureEncoding: rule.signatureEncoding };
}

/** The HMAC's hash as node:crypto names it ("sha512") and as crypto-js does ("HmacSHA512"). */
export const nodeHash = (hmac) => hmac.replace("-", "").toLowerCase();
export const cryptoJsHmac = (hmac) => `Hmac${hmac.replace("-", "")}`;

/** The documented request examples by name, each without the fields the signer sets. */
export function requestExamples(document, operation) {
  const { bodyFields } = signingFacts(document);
  const examples = operation.requestBody?.content?.[JSON_MEDIA]?.examples ?? {};
  return Object.entries(examples).map(([name, example]) => {
    const { [bodyFields.path]: _path, [bodyFields.nonce]: _nonce, ...fields } = resolve(document, example)?.value ?? {};
    return { name, fields };
  });
}
