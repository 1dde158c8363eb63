// The one ajv instance the validators are compiled with: strict mode, all errors, ES module
// standalone code, and the document added under DOCUMENT_ID.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats").default;

export const DOCUMENT_ID = "openapi.json";

// Keys of an OpenAPI document and OpenAPI schema keywords that are not JSON Schema: declared as a
// vocabulary so that strict mode stays on for everything else.
const OPENAPI_KEYWORDS = [
  "openapi", "info", "jsonSchemaDialect", "servers", "paths", "webhooks", "components", "security", "tags",
  "externalDocs", "example", "discriminator", "xml",
];

/** Every key used anywhere in the document (keywords and property names alike). */
function documentKeys(node, found = new Set()) {
  if (Array.isArray(node)) node.forEach((item) => documentKeys(item, found));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      found.add(key);
      documentKeys(value, found);
    }
  }
  return found;
}

/** An Ajv2020 holding the document, as ajv is set up by default but for strict mode and all errors. */
export function documentAjv(document) {
  const ajv = new Ajv2020({ strict: true, allErrors: true, code: { source: true, esm: true } });
  addFormats(ajv, ["uuid"]);
  ajv.addVocabulary([...OPENAPI_KEYWORDS, ...[...documentKeys(document)].filter((key) => key.startsWith("x-")).sort()]);
  ajv.addSchema(document, DOCUMENT_ID);
  return ajv;
}

const ANNOTATIONS = new Set(["description", "title", "examples", "example", "summary", "externalDocs"]);
const NAME_MAPS = new Set(["properties", "patternProperties", "$defs", "schemas", "paths", "webhooks", "responses", "content"]);

/**
 * The document without annotations (descriptions, titles, examples, extensions), which validation
 * never reads but standalone code would carry along; names of properties are kept whatever they are.
 */
export function withoutAnnotations(node, keysAreNames = false) {
  if (Array.isArray(node)) return node.map((item) => withoutAnnotations(item));
  if (!node || typeof node !== "object") return node;
  const kept = Object.entries(node).filter(([key]) => keysAreNames || !(ANNOTATIONS.has(key) || key.startsWith("x-")));
  return Object.fromEntries(kept.map(([key, value]) => [key, withoutAnnotations(value, !keysAreNames && NAME_MAPS.has(key))]));
}
