// The JavaScript modules of the generated validators: all of them in validators.js, one module per
// operation under validators/, and the loaders that import an operation's module on first use.
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
 * validators.js: every schema compiled once, under its component name where it has one, the
 * per-operation names aliases of those (ajv repeats a function once per export that names it),
 * and the table by operationId.
 */
export function allValidatorsModule(document, targets) {
  const compiled = new Map();
  for (const target of targets) {
    if (compiled.has(target.pointer)) continue;
    const component = /^#\/components\/schemas\/([A-Za-z0-9]+)$/.exec(target.pointer);
    compiled.set(target.pointer, component ? `validate${component[1]}` : exportName(target));
  }
  const code = validatorCode(documentAjv(withoutAnnotations(document)), Object.fromEntries([...compiled].map(([pointer, name]) => [name, DOCUMENT_ID + pointer])));
  const aliases = targets
    .filter((target) => compiled.get(target.pointer) !== exportName(target))
    .map((target) => `export const ${exportName(target)} = ${compiled.get(target.pointer)};`);
  const rows = [...lookupTable(targets)].map(([operationId, { request, responses }]) => {
    const statuses = responses.map(([status, name]) => `${JSON.stringify(status)}: ${name}`).join(", ");
    return `  ${operationId}: { request: ${request ?? "null"}, responses: { ${statuses} } },`;
  });
  const table = ["/** Validators by operationId: the request body, and each documented response by status. */", "export const validators = {", ...rows, "};"];
  return { schemaNames: [...compiled.values()], code: `${GENERATED_HEADER}\n${code}\n${aliases.join("\n")}\n${table.join("\n")}\n` };
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
