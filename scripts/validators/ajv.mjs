// The one ajv instance the validators are compiled with: strict mode, all errors, ES module
// standalone code, and the document added under DOCUMENT_ID.
import { createRequire } from "node:module";
import { RewriteError } from "./rewrite.mjs";

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

const TRACKING_KEYWORDS = ["unevaluatedProperties", "unevaluatedItems", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor"];

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

/**
 * Ajv2020 always tracks evaluated properties and dynamic anchors, for keywords the document does
 * not use, and every validator would carry that code. Its constructor forces both options on
 * (`super({ ...opts, dynamicRef: true, unevaluated: true })`), so they are switched off on the
 * instance, only when the document has none of those keywords. `assertNoTracking` stops the build
 * if an ajv upgrade no longer reads them there.
 */
function switchTrackingOff(ajv, keys) {
  const used = [...keys].filter((keyword) => TRACKING_KEYWORDS.includes(keyword));
  if (used.length > 0) throw new Error(`the document uses ${used.join(", ")}: the validators need tracking on (scripts/validators/ajv.mjs)`);
  ajv.opts.unevaluated = false;
  ajv.opts.dynamicRef = false;
}

/** Stops the build when code compiled with tracking off still tracks (ajv reads those options elsewhere now). */
export function assertNoTracking(code) {
  const tracked = /\bevaluated\d+\b|\.evaluated = |\bdynamicAnchors=/.exec(code);
  if (tracked) throw new RewriteError(`ajv tracking: the code still tracks (${tracked[0]}) though opts.unevaluated and opts.dynamicRef are off. See CONTRIBUTING.md, "Upgrading ajv"`);
}

/**
 * An Ajv2020 holding the document. `tracking: false` is what the build uses; the stock setting
 * (`true`) is the tests' reference.
 */
export function documentAjv(document, { tracking = false } = {}) {
  // Each required property checked where it stands (ajv's default), not in a loop over the names:
  // the loop's keyed lookups made a 100-record page 1.6x slower to check. The code it adds is won
  // back by the compaction (compact.mjs).
  const ajv = new Ajv2020({ strict: true, allErrors: true, code: { source: true, esm: true } });
  const keys = documentKeys(document);
  if (!tracking) switchTrackingOff(ajv, keys);
  addFormats(ajv, ["uuid"]);
  ajv.addVocabulary([...OPENAPI_KEYWORDS, ...[...keys].filter((key) => key.startsWith("x-")).sort()]);
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
