// Ajv's standalone code for some schemas of the document, as ajv writes it, made an ES module.
import { createRequire } from "node:module";
import { esmOnly } from "./esm-only.mjs";

const require = createRequire(import.meta.url);
const standaloneCode = require("ajv/dist/standalone").default;

/** `exports`: export name -> schema id (`openapi.json#/components/...`). */
export function validatorCode(ajv, exports) {
  return esmOnly(standaloneCode(ajv, exports));
}
