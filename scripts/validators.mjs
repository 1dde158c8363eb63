// <out>/openapi.json -> <out>/validators.js, validators/<operationId>.js, validator-loaders.js and
// their declarations: ajv validators compiled ahead of time, in strict mode, one per request body
// and per response status. Each job has its module under scripts/validators/: the ajv instance
// (ajv.mjs), the standalone code as ajv writes it, made an ES module (standalone.mjs, esm-only.mjs),
// the JavaScript modules (modules.mjs) and the declarations (declarations.mjs).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isMain, outDirFromArgs } from "./project.mjs";
import { validationTargets } from "./validation-targets.mjs";
import { allValidatorsDeclaration, loadersDeclaration, operationDeclaration, VALIDATOR_TYPES } from "./validators/declarations.mjs";
import { allValidatorsModule, loadersModule, lookupTable, operationModule, withoutAnnotations } from "./validators/modules.mjs";

export { DOCUMENT_ID, documentAjv, withoutAnnotations } from "./validators/ajv.mjs";
export { esmOnly } from "./validators/esm-only.mjs";

export function generateValidators(outDir) {
  const document = JSON.parse(readFileSync(path.join(outDir, "openapi.json"), "utf8"));
  const write = (file, text) => writeFileSync(path.join(outDir, file), text);
  const targets = validationTargets(document);
  const table = lookupTable(targets);
  const all = allValidatorsModule(targets);
  write("validators.js", all.code);
  write("validators.d.ts", allValidatorsDeclaration(targets, all.schemaNames, table));
  write("validator-types.d.ts", VALIDATOR_TYPES);

  rmSync(path.join(outDir, "validators"), { recursive: true, force: true });
  mkdirSync(path.join(outDir, "validators"), { recursive: true });
  const lean = withoutAnnotations(document);
  for (const operationId of table.keys()) {
    const { code, request, responses } = operationModule(lean, operationId, targets);
    write(`validators/${operationId}.js`, code);
    write(`validators/${operationId}.d.ts`, operationDeclaration(request, responses));
  }
  write("validator-loaders.js", loadersModule([...table.keys()]));
  write("validator-loaders.d.ts", loadersDeclaration([...table.keys()]));
}

if (isMain(import.meta.url)) generateValidators(outDirFromArgs());
