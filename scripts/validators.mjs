// <out>/openapi.json -> <out>/validators.js + validators.d.ts: ajv validators compiled ahead of time,
// in strict mode, one per request body and per response status, looked up by operationId.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { isMain, outDirFromArgs } from "./project.mjs";
import { exportName, validationTargets } from "./validation-targets.mjs";

const require = createRequire(import.meta.url);
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats").default;
const standaloneCode = require("ajv/dist/standalone").default;

const DOCUMENT_ID = "openapi.json";
// Keys of an OpenAPI document and OpenAPI schema keywords that are not JSON Schema: declared as a
// vocabulary so that strict mode stays on for everything else.
const OPENAPI_KEYWORDS = [
  "openapi", "info", "jsonSchemaDialect", "servers", "paths", "webhooks", "components", "security", "tags",
  "externalDocs", "example", "discriminator", "xml",
];

function extensionKeywords(node, found = new Set()) {
  if (Array.isArray(node)) node.forEach((item) => extensionKeywords(item, found));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith("x-")) found.add(key);
      extensionKeywords(value, found);
    }
  }
  return found;
}

export function compileValidators(document) {
  const ajv = new Ajv2020({ strict: true, allErrors: true, code: { source: true, esm: true } });
  addFormats(ajv, ["uuid"]);
  ajv.addVocabulary([...OPENAPI_KEYWORDS, ...[...extensionKeywords(document)].sort()]);
  ajv.addSchema(document, DOCUMENT_ID);

  const targets = validationTargets(document);
  // Ajv repeats a function once per export that names it, so each schema is exported once, under
  // its component name where it has one, and the per-operation names are aliases of those.
  const compiled = new Map();
  for (const target of targets) {
    if (compiled.has(target.pointer)) continue;
    const component = /^#\/components\/schemas\/([A-Za-z0-9]+)$/.exec(target.pointer);
    compiled.set(target.pointer, component ? `validate${component[1]}` : exportName(target));
  }
  const standalone = standaloneCode(ajv, Object.fromEntries([...compiled].map(([ref, name]) => [name, DOCUMENT_ID + ref])));
  const aliases = targets
    .filter((target) => compiled.get(target.pointer) !== exportName(target))
    .map((target) => `export const ${exportName(target)} = ${compiled.get(target.pointer)};`);
  return { targets, schemaNames: [...compiled.values()], code: `${esmOnly(standalone)}\n${aliases.join("\n")}` };
}

/** Ajv's ESM output still calls require() for formats and runtime helpers: turn those into imports. */
function esmOnly(code) {
  const imports = new Map();
  const body = code.replace(/require\("([^"]+)"\)/g, (_, specifier) => {
    const file = specifier.endsWith(".js") ? specifier : `${specifier}.js`;
    if (!imports.has(file)) imports.set(file, `__import${imports.size}`);
    return imports.get(file);
  });
  const header = [...imports].map(([file, name]) => `import ${name} from ${JSON.stringify(file)};`).join("\n");
  return `${header}\n${body}`;
}

function lookupTable(targets) {
  const byOperation = new Map();
  for (const target of targets) {
    const entry = byOperation.get(target.operationId) ?? { request: null, responses: [] };
    if (target.kind === "request") entry.request = exportName(target);
    else entry.responses.push([target.status, exportName(target)]);
    byOperation.set(target.operationId, entry);
  }
  return byOperation;
}

function moduleSource(targets, code) {
  const lines = ["/** Validators by operationId: the request body, and each documented response by status. */", "export const validators = {"];
  for (const [operationId, { request, responses }] of lookupTable(targets)) {
    const statuses = responses.map(([status, name]) => `${JSON.stringify(status)}: ${name}`).join(", ");
    lines.push(`  ${operationId}: { request: ${request ?? "null"}, responses: { ${statuses} } },`);
  }
  lines.push("};");
  const header = "// Generated from openapi/ by scripts/validators.mjs. Do not edit: run `npm run generate`.";
  return `${header}\n${code}\n${lines.join("\n")}\n`;
}

function declarationSource(targets, schemaNames) {
  const lines = [
    "// Generated from openapi/ by scripts/validators.mjs. Do not edit: run `npm run generate`.",
    'import type { ValidateFunction } from "ajv";',
    "",
  ];
  const names = new Set([...schemaNames, ...targets.map(exportName)]);
  for (const name of names) lines.push(`export declare const ${name}: ValidateFunction;`);
  lines.push("", "export declare const validators: {");
  for (const [operationId, { request, responses }] of lookupTable(targets)) {
    const statuses = responses.map(([status]) => `readonly ${JSON.stringify(status)}: ValidateFunction`).join("; ");
    lines.push(`  readonly ${operationId}: { readonly request: ${request ? "ValidateFunction" : "null"}; readonly responses: { ${statuses} } };`);
  }
  lines.push("};", "");
  return lines.join("\n");
}

export function generateValidators(outDir) {
  const document = JSON.parse(readFileSync(path.join(outDir, "openapi.json"), "utf8"));
  const { targets, schemaNames, code } = compileValidators(document);
  writeFileSync(path.join(outDir, "validators.js"), moduleSource(targets, code));
  writeFileSync(path.join(outDir, "validators.d.ts"), declarationSource(targets, schemaNames));
}

if (isMain(import.meta.url)) generateValidators(outDirFromArgs());
