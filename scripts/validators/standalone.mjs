// Ajv's standalone code for some schemas of the document, made quicker, smaller and an ES module.
import { createRequire } from "node:module";
import { assertNoTracking } from "./ajv.mjs";
import { compactStandalone } from "./compact.mjs";
import { esmOnly } from "./esm-only.mjs";
import { quickerChecks } from "./quicker-checks.mjs";

const require = createRequire(import.meta.url);
const standaloneCode = require("ajv/dist/standalone").default;

/** `exports`: export name -> schema id (`openapi.json#/components/...`). `quick: false` keeps ajv's own checks. */
export function validatorCode(ajv, exports, { quick = true } = {}) {
  const code = standaloneCode(ajv, exports);
  const module = esmOnly(compactStandalone(quick ? quickerChecks(code) : code));
  assertNoTracking(module);
  return module;
}
