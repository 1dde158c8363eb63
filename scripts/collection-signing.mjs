// What the Postman and Bruno collections share: which paths are signed, where the API's paths
// start, the signing itself (the body rule and the document's HMAC, in the JavaScript both
// sandboxes run with CryptoJS), and the schemas their tests hold answers to. Each collection
// wraps these in its own tool's API.
import { cryptoJsHmac, isSigned, operationsOf, resolve } from "./document-refs.mjs";
import { pathPrefixes } from "./operations.mjs";

/** The signed operations' paths, and the directory every path of the API starts with. */
export function signedPathsOf(document) {
  const signed = [...operationsOf(document)].filter(({ operation }) => isSigned(document, operation)).map(({ name }) => name);
  return { signed, prefix: pathPrefixes(document).api };
}

/**
 * Script lines that, given `fields` (the request's), `path`, `lastNonce` and `apiSecret` in scope,
 * set `nonce`, `text` (the body as sent: the path and the nonce over any field of those names),
 * `payload` and `signature`, as txc-api signs.
 */
export function signingLines({ bodyFields, hmac }) {
  const [pathField, nonceField] = [JSON.stringify(bodyFields.path), JSON.stringify(bodyFields.nonce)];
  return `if (fields === null || typeof fields !== "object" || Array.isArray(fields)) throw new Error("the body must be a JSON object of the operation's fields");
const nonce = Math.max(Date.now(), lastNonce + 1);
const body = { ${pathField}: path, ${nonceField}: String(nonce) };
for (const name of Object.keys(fields)) if (name !== ${pathField} && name !== ${nonceField}) body[name] = fields[name];
const text = JSON.stringify(body);
const payload = CryptoJS.enc.Base64.stringify(CryptoJS.enc.Utf8.parse(text));
const signature = CryptoJS.${cryptoJsHmac(hmac)}(payload, apiSecret).toString(CryptoJS.enc.Hex);`;
}

/** Lines indented as a block's body. */
export const indented = (text, by = "  ") => text.split("\n").map((line) => (line ? by + line : line)).join("\n");

/** The JSON Schema keywords a validator of draft-07 reads; OpenAPI's and ours (descriptions, examples, x-*) are left out. */
const SCHEMA_KEYWORDS = new Set([
  "type", "properties", "required", "additionalProperties", "items", "enum", "const", "pattern", "minLength", "maxLength",
  "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems", "uniqueItems", "oneOf", "anyOf",
  "allOf", "not", "propertyNames", "patternProperties", "minProperties", "maxProperties", "multipleOf",
]);
/** Keywords whose value is a map of names to schemas: its keys are names, not keywords. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties"]);

/** A schema with every local $ref resolved and only validation keywords kept, as the collections' tests hold answers to it. */
export function testedSchema(document, node, depth = 0) {
  if (depth > 32) throw new Error("a response schema nests deeper than 32 levels (a $ref cycle?)");
  const at = resolve(document, node);
  if (Array.isArray(at)) return at.map((item) => testedSchema(document, item, depth + 1));
  if (!at || typeof at !== "object") return at;
  const kept = Object.entries(at).filter(([key]) => SCHEMA_KEYWORDS.has(key));
  return Object.fromEntries(kept.map(([key, value]) => [key, SCHEMA_MAPS.has(key)
    ? Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, testedSchema(document, schema, depth + 1)]))
    : testedSchema(document, value, depth + 1)]));
}
