// <out>/openapi.json -> <out>/postman-collection.json: the API as a Postman collection (v2.1),
// for Postman, newman and any tool that imports one. One request per operation with its first
// documented example; a collection-level pre-request script that signs as the package does (the
// body rule and header names from the document's security schemes, HMAC-SHA512 over the base64
// body with Postman's CryptoJS); tests per request holding the answer to the documented status
// and the 200's schema. The base URL, key and secret are variables: the secret is never in the file.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { cryptoJsHmac, JSON_MEDIA, isSandboxServer, isSigned, operationsOf, requestExamples, resolve, signingFacts } from "./document-refs.mjs";
import { isMain, outDirFromArgs } from "./project.mjs";

/** The JSON Schema keywords a validator of draft-07 reads; OpenAPI's and ours (descriptions, examples, x-*) are left out. */
const SCHEMA_KEYWORDS = new Set([
  "type", "properties", "required", "additionalProperties", "items", "enum", "const", "pattern", "minLength", "maxLength",
  "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems", "uniqueItems", "oneOf", "anyOf",
  "allOf", "not", "propertyNames", "patternProperties", "minProperties", "maxProperties", "multipleOf",
]);
/** Keywords whose value is a map of names to schemas: its keys are names, not keywords. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties"]);

/** A schema with every local $ref resolved and only validation keywords kept. */
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

/**
 * The collection's pre-request script: a signed operation's body gets the path and a nonce set
 * over any field of those names (Unix milliseconds, rising per collection run), and the three
 * headers. Postman's sandbox gives CryptoJS and pm; nothing else is assumed.
 */
function signingScript({ headers, bodyFields, hmac }, signedPaths, prefix) {
  return `// Signs each signed request as txc-api does: ${hmac} HMAC of base64(body) with the secret, hex.
const SIGNED = new Set(${JSON.stringify(signedPaths)});
const full = pm.request.url.getPath();
const path = full.slice(full.indexOf(${JSON.stringify(prefix)}));
if (SIGNED.has(path)) {
  const apiKey = pm.variables.get("apiKey");
  const apiSecret = pm.variables.get("apiSecret");
  if (!apiKey || !apiSecret) throw new Error("set apiKey and apiSecret in an environment (the secret is never stored in the collection)");
  const raw = pm.request.body && pm.request.body.raw ? pm.variables.replaceIn(pm.request.body.raw) : "{}";
  const fields = JSON.parse(raw);
  if (fields === null || typeof fields !== "object" || Array.isArray(fields)) throw new Error("the body must be a JSON object of the operation's fields");
  const last = Number(pm.collectionVariables.get("lastNonce") || 0);
  const nonce = Math.max(Date.now(), last + 1);
  pm.collectionVariables.set("lastNonce", String(nonce));
  const body = { ${JSON.stringify(bodyFields.path)}: path, ${JSON.stringify(bodyFields.nonce)}: String(nonce) };
  for (const name of Object.keys(fields)) if (name !== ${JSON.stringify(bodyFields.path)} && name !== ${JSON.stringify(bodyFields.nonce)}) body[name] = fields[name];
  const text = JSON.stringify(body);
  const payload = CryptoJS.enc.Base64.stringify(CryptoJS.enc.Utf8.parse(text));
  pm.request.body.update({ mode: "raw", raw: text, options: { raw: { language: "json" } } });
  pm.request.headers.upsert({ key: "Content-Type", value: "application/json" });
  pm.request.headers.upsert({ key: ${JSON.stringify(headers.apiKey)}, value: apiKey });
  pm.request.headers.upsert({ key: ${JSON.stringify(headers.payload)}, value: payload });
  pm.request.headers.upsert({ key: ${JSON.stringify(headers.signature)}, value: CryptoJS.${cryptoJsHmac(hmac)}(payload, apiSecret).toString(CryptoJS.enc.Hex) });
}`;
}

/** A request's tests: the documented status of its example (200), with the API's own reason when it is not, and the answer's schema. */
function testScript(schema) {
  return `const reason = (() => { try { return pm.response.json().message; } catch (error) { return undefined; } })();
pm.test("answers 200, as the document says for this example", () => {
  pm.expect(pm.response.code, "the API said: " + (reason || pm.response.status)).to.equal(200);
});
pm.test("the answer is valid for the document's 200 schema", () => {
  pm.response.to.have.jsonSchema(${JSON.stringify(schema)});
});`;
}

/** One request of the collection: the operation with its first documented example. */
function requestItem(document, { name, method, operation }) {
  const [example] = requestExamples(document, operation);
  const schema = operation.responses?.["200"] && resolve(document, operation.responses["200"]).content?.[JSON_MEDIA]?.schema;
  const signed = isSigned(document, operation);
  return {
    name: operation.operationId,
    request: {
      method: method.toUpperCase(),
      description: [operation.summary, operation.description].filter(Boolean).join("\n\n"),
      header: signed ? [{ key: "Content-Type", value: "application/json" }] : [],
      url: { raw: `{{baseUrl}}${name}`, host: ["{{baseUrl}}"], path: name.split("/").filter(Boolean) },
      ...(signed ? { body: { mode: "raw", raw: JSON.stringify(example?.fields ?? {}, null, 2), options: { raw: { language: "json" } } } } : {}),
    },
    event: [{ listen: "test", script: { type: "text/javascript", exec: testScript(schema ? testedSchema(document, schema) : {}).split("\n") } }],
  };
}

export function postmanCollection(document) {
  const operations = [...operationsOf(document)];
  const signedPaths = operations.filter(({ operation }) => isSigned(document, operation)).map(({ name }) => name);
  const prefix = operations.map(({ name }) => name).reduce((common, name) => { while (!name.startsWith(common)) common = common.slice(0, -1); return common; });
  return {
    info: {
      name: `${document.info.title} ${document.info.version}`,
      description: "Generated by txc-api from its OpenAPI document. Set baseUrl, apiKey and apiSecret in an environment (the secret is never stored in the collection); the collection signs each signed request before it is sent.",
      schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",
    },
    variable: [
      { key: "baseUrl", value: document.servers.find(isSandboxServer)?.url ?? "" },
      { key: "apiKey", value: "" },
      { key: "lastNonce", value: "0" },
    ],
    event: [{ listen: "prerequest", script: { type: "text/javascript", exec: signingScript(signingFacts(document), signedPaths, prefix).split("\n") } }],
    item: operations.map((entry) => requestItem(document, entry)),
  };
}

export function generatePostman(outDir) {
  const document = JSON.parse(readFileSync(path.join(outDir, "openapi.json"), "utf8"));
  writeFileSync(path.join(outDir, "postman-collection.json"), `${JSON.stringify(postmanCollection(document), null, 2)}\n`);
}

if (isMain(import.meta.url)) generatePostman(outDirFromArgs());
