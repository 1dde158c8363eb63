// The JavaScript modules of the generated validators: one module per operation under validators/,
// validators.js naming them all, and the loaders that import an operation's module on first use.
import { exportName } from "../validation-targets.mjs";
import { DOCUMENT_ID, documentAjv, withoutAnnotations } from "./ajv.mjs";
import { validatorCode } from "./standalone.mjs";

export const GENERATED_HEADER = "// Generated from openapi/ by scripts/validators.mjs. Do not edit: run `npm run generate`.";

/** Each operation's validator export names: its request's (or null), and its responses' by status. */
export function lookupTable(targets) {
  const byOperation = new Map();
  for (const target of targets) {
    const entry = byOperation.get(target.operationId) ?? { request: null, responses: [] };
    if (target.kind === "request") entry.request = exportName(target);
    else entry.responses.push([target.status, exportName(target)]);
    byOperation.set(target.operationId, entry);
  }
  return byOperation;
}

/**
 * validators.js: every validator of validators/<operationId>.js under its flat name (a schema's
 * component name where it has one, validate<Component>, taken from the first operation that
 * answers with it), and the table by operationId. It compiles nothing of its own: the package
 * holds each operation's validators once, in its operation's module.
 */
export function allValidatorsModule(targets) {
  const table = lookupTable(targets);
  const moduleName = (operationId) => `${operationId}Module`;
  const reference = (target) =>
    target.kind === "request" ? `${moduleName(target.operationId)}.request` : `${moduleName(target.operationId)}.responses[${JSON.stringify(target.status)}]`;
  const componentNames = new Map();
  for (const target of targets) {
    const component = /^#\/components\/schemas\/([A-Za-z0-9]+)$/.exec(target.pointer);
    if (component && !componentNames.has(target.pointer)) componentNames.set(target.pointer, [`validate${component[1]}`, target]);
  }
  const imports = [...table.keys()].map((operationId) => `import * as ${moduleName(operationId)} from "./validators/${operationId}.js";`);
  const exports = [
    ...[...componentNames.values()].map(([name, target]) => `export const ${name} = ${reference(target)};`),
    ...targets.map((target) => `export const ${exportName(target)} = ${reference(target)};`),
  ];
  const rows = [...table.keys()].map((operationId) => `  ${operationId}: { request: ${moduleName(operationId)}.request, responses: ${moduleName(operationId)}.responses },`);
  const validators = ["/** Validators by operationId: the request body, and each documented response by status. */", "export const validators = {", ...rows, "};"];
  return {
    schemaNames: [...[...componentNames.values()].map(([name]) => name), ...targets.map(exportName)],
    code: [GENERATED_HEADER, ...imports, "", ...exports, "", ...validators, ""].join("\n"),
  };
}

const responseName = (status) => `response${status}`;

/**
 * validators/<operationId>.js, exporting `request` and `responses`: a bundler that imports one
 * operation ships that operation's validators alone. Compiled from the document without its
 * annotations, which validation never reads.
 */
export function operationModule(lean, operationId, targets) {
  const own = targets.filter((target) => target.operationId === operationId);
  const request = own.find((target) => target.kind === "request");
  const responses = own.filter((target) => target.kind === "response");
  // As in validators.js: each schema exported once, the other names aliases of it.
  const named = [...(request ? [["request", request.pointer]] : []), ...responses.map((target) => [responseName(target.status), target.pointer])];
  const first = new Map();
  for (const [name, pointer] of named) if (!first.has(pointer)) first.set(pointer, name);
  const exports = Object.fromEntries([...first].map(([pointer, name]) => [name, DOCUMENT_ID + pointer]));
  const aliases = named.filter(([name, pointer]) => first.get(pointer) !== name).map(([name, pointer]) => `const ${name} = ${first.get(pointer)};`);
  const header = `${GENERATED_HEADER}\n// The validators of ${operationId}: its request body and each documented response by status.`;
  const table = `export const responses = { ${responses.map((t) => `${JSON.stringify(t.status)}: ${responseName(t.status)}`).join(", ")} };`;
  const code = [header, validatorCode(documentAjv(lean), exports), ...aliases, ...(request ? [] : ["export const request = null;"]), table, ""].join("\n");
  return { code, request, responses };
}

export { withoutAnnotations };

/**
 * validator-loaders.js: a function per operation that imports its own validators module, so that
 * the client loads an operation's validators on first use. The paths are plain strings beside the
 * modules: bundlers follow them, and they hold wherever the package's code is bundled to.
 */
export const loadersModule = (operationIds) =>
  [GENERATED_HEADER, "export const validatorLoaders = {", ...operationIds.map((id) => `  ${JSON.stringify(id)}: () => import(${JSON.stringify(`./validators/${id}.js`)}),`), "};", ""].join("\n");
