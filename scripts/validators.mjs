// <out>/openapi.json -> <out>/validators.js + validators.d.ts: ajv validators compiled ahead of time,
// in strict mode, one per request body and per response status, looked up by operationId.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { isMain, outDirFromArgs } from "./project.mjs";
import { exportName, validationTargets } from "./validation-targets.mjs";
import { compactStandalone } from "./compact-validators.mjs";
import { quickerChecks } from "./quicker-checks.mjs";

const require = createRequire(import.meta.url);
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats").default;
const standaloneCode = require("ajv/dist/standalone").default;

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
 * An Ajv2020 holding the document. `tracking: false` is what the build uses: Ajv2020 always tracks
 * evaluated properties and dynamic anchors, for keywords the document does not use, and every
 * validator would carry that code. Its constructor forces both options on, so they are switched
 * off on the instance, and only when the document has none of those keywords. The stock setting
 * (`true`) is the tests' reference.
 */
export function documentAjv(document, { tracking = false } = {}) {
  // Each required property checked where it stands (ajv's default), not in a loop over the names:
  // the loop's keyed lookups made a 100-record page 1.6x slower to check. The code it adds is won
  // back by the compaction (scripts/compact-validators.mjs).
  const ajv = new Ajv2020({ strict: true, allErrors: true, code: { source: true, esm: true } });
  const keys = documentKeys(document);
  if (!tracking) {
    const used = [...keys].filter((keyword) => TRACKING_KEYWORDS.includes(keyword));
    if (used.length > 0) throw new Error(`the document uses ${used.join(", ")}: the validators need tracking on (scripts/validators.mjs)`);
    ajv.opts.unevaluated = false;
    ajv.opts.dynamicRef = false;
  }
  addFormats(ajv, ["uuid"]);
  ajv.addVocabulary([...OPENAPI_KEYWORDS, ...[...keys].filter((key) => key.startsWith("x-")).sort()]);
  ajv.addSchema(document, DOCUMENT_ID);
  return ajv;
}

export function compileValidators(document) {
  const ajv = documentAjv(document);

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
  return { targets, schemaNames: [...compiled.values()], code: `${esmOnly(compactStandalone(quickerChecks(standalone)))}\n${aliases.join("\n")}` };
}

/**
 * Ajv's runtime helpers that are one line, written in place so that the validators import nothing:
 * ucs2length counts code points, a lone surrogate as one, which is what iterating a string does.
 */
const INLINED_HELPERS = {
  "ajv/dist/runtime/ucs2length": "{ default: (text) => { let count = 0; for (const _ of text) count++; return count; } }",
};

/** Ajv's ESM output still calls require() for formats and runtime helpers: inline them or turn them into imports. */
export function esmOnly(code) {
  const imports = new Map();
  const inlined = new Map();
  const body = code.replace(/require\("([^"]+)"\)/g, (_, specifier) => {
    const helper = INLINED_HELPERS[specifier.replace(/\.js$/, "")];
    if (helper) {
      if (!inlined.has(specifier)) inlined.set(specifier, [`__inline${inlined.size}`, helper]);
      return inlined.get(specifier)[0];
    }
    const file = specifier.endsWith(".js") ? specifier : `${specifier}.js`;
    if (!imports.has(file)) imports.set(file, `__import${imports.size}`);
    return imports.get(file);
  });
  const header = [
    ...[...imports].map(([file, name]) => `import ${name} from ${JSON.stringify(file)};`),
    ...[...inlined.values()].map(([name, helper]) => `const ${name} = ${helper};`),
  ].join("\n");
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

/** The TypeScript type a target's validator narrows to, from the generated schema types. */
function narrowedType(target) {
  const operation = `operations[${JSON.stringify(target.operationId)}]`;
  return target.kind === "request"
    ? `JsonBody<NonNullable<${operation}["requestBody"]>>`
    : `JsonBody<${operation}["responses"][${JSON.stringify(target.status)}]>`;
}

const GENERATED = "// Generated from openapi/ by scripts/validators.mjs. Do not edit: run `npm run generate`.";

/**
 * The validators' types, declared here rather than imported from ajv: a consumer's type check
 * reads no file of another package, and none is installed for them.
 */
const VALIDATOR_TYPES = [
  GENERATED,
  "",
  "/** One rule the last validated value broke, as ajv reports it. */",
  "export interface ValidationError {",
  "  keyword: string;",
  "  instancePath: string;",
  "  schemaPath: string;",
  "  params: Record<string, any>;",
  "  message?: string;",
  "}",
  "",
  "/** A validator compiled ahead of time: a type guard, with the errors of its last call (null after a pass). */",
  "export interface ValidateFunction<T = unknown> {",
  "  (data: unknown): data is T;",
  "  errors?: ValidationError[] | null;",
  "}",
  "",
].join("\n");

const DECLARATION_HEADER = [
  GENERATED,
  'import type { ValidateFunction } from "./validator-types.js";',
  'export type { ValidateFunction, ValidationError } from "./validator-types.js";',
  'import type { components, operations } from "./schema.js";',
  "",
  "/** The JSON body of a request body or response object of the generated types. */",
  'type JsonBody<T> = T extends { content: { "application/json": infer Body } } ? Body : unknown;',
  "",
];

function declarationSource(targets, schemaNames) {
  const lines = [...DECLARATION_HEADER];
  for (const name of schemaNames) {
    const component = /^validate([A-Za-z0-9]+)$/.exec(name)?.[1];
    const target = targets.find((t) => exportName(t) === name);
    lines.push(`export declare const ${name}: ValidateFunction<${component ? `components["schemas"][${JSON.stringify(component)}]` : narrowedType(target)}>;`);
  }
  for (const target of targets) {
    if (!schemaNames.includes(exportName(target))) lines.push(`export declare const ${exportName(target)}: ValidateFunction<${narrowedType(target)}>;`);
  }
  lines.push("", "/** Each validator is a type guard: it narrows its argument to the request or response type. */", "export declare const validators: {");
  for (const [operationId, { request, responses }] of lookupTable(targets)) {
    const statuses = responses.map(([status, name]) => `readonly ${JSON.stringify(status)}: typeof ${name}`).join("; ");
    lines.push(`  readonly ${operationId}: { readonly request: ${request ? `typeof ${request}` : "null"}; readonly responses: { ${statuses} } };`);
  }
  lines.push("};", "");
  return lines.join("\n");
}

const responseName = (status) => `response${status}`;
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

/**
 * One module per operation, `validators/<operationId>.js`, exporting `request` and `responses`:
 * a bundler that imports one operation ships that operation's validators alone.
 */
function operationModules(document, targets) {
  const lean = withoutAnnotations(document);
  const modules = [];
  for (const [operationId, { request }] of lookupTable(targets)) {
    const own = targets.filter((target) => target.operationId === operationId);
    const responses = own.filter((target) => target.kind === "response");
    // As in the module of all operations: each schema exported once, the other names aliases of it.
    const named = [
      ...(request ? [["request", own.find((t) => t.kind === "request").pointer]] : []),
      ...responses.map((target) => [responseName(target.status), target.pointer]),
    ];
    const first = new Map();
    for (const [name, pointer] of named) if (!first.has(pointer)) first.set(pointer, name);
    const exports = Object.fromEntries([...first].map(([pointer, name]) => [name, DOCUMENT_ID + pointer]));
    const aliases = named.filter(([name, pointer]) => first.get(pointer) !== name).map(([name, pointer]) => `const ${name} = ${first.get(pointer)};`);
    const header = `// Generated from openapi/ by scripts/validators.mjs. Do not edit: run \`npm run generate\`.\n// The validators of ${operationId}: its request body and each documented response by status.`;
    const table = `export const responses = { ${responses.map((t) => `${JSON.stringify(t.status)}: ${responseName(t.status)}`).join(", ")} };`;
    const code = [header, esmOnly(compactStandalone(quickerChecks(standaloneCode(documentAjv(lean), exports)))), ...aliases, ...(request ? [] : ["export const request = null;"]), table, ""].join("\n");
    const declaration = [
      ...DECLARATION_HEADER.map((line) => line.replace('"./schema.js"', '"../schema.js"').replaceAll('"./validator-types.js"', '"../validator-types.js"')),
      `export declare const request: ${request ? `ValidateFunction<${narrowedType(own.find((t) => t.kind === "request"))}>` : "null"};`,
      `export declare const responses: { ${responses.map((t) => `readonly ${JSON.stringify(t.status)}: ValidateFunction<${narrowedType(t)}>`).join("; ")} };`,
      "",
    ].join("\n");
    modules.push({ operationId, code, declaration });
  }
  return modules;
}

/**
 * `validator-loaders.js`: a function per operation that imports its own validators module, so that
 * the client loads an operation's validators on first use. The paths are plain strings beside the
 * modules: bundlers follow them, and they hold wherever the package's code is bundled to.
 */
function loaderModule(operationIds) {
  const header = "// Generated from openapi/ by scripts/validators.mjs. Do not edit: run `npm run generate`.";
  return {
    code: [header, "export const validatorLoaders = {", ...operationIds.map((id) => `  ${JSON.stringify(id)}: () => import(${JSON.stringify(`./validators/${id}.js`)}),`), "};", ""].join("\n"),
    declaration: [
      header,
      'import type { ValidateFunction } from "./validator-types.js";',
      "/** One operation's validators, as its own module exports them. */",
      "export type OperationValidators = { readonly request: ValidateFunction | null; readonly responses: Readonly<Record<string, ValidateFunction>> };",
      `export declare const validatorLoaders: { readonly [Id in ${operationIds.map((id) => JSON.stringify(id)).join(" | ")}]: () => Promise<OperationValidators> };`,
      "",
    ].join("\n"),
  };
}

export function generateValidators(outDir) {
  const document = JSON.parse(readFileSync(path.join(outDir, "openapi.json"), "utf8"));
  const { targets, schemaNames, code } = compileValidators(document);
  writeFileSync(path.join(outDir, "validators.js"), moduleSource(targets, code));
  writeFileSync(path.join(outDir, "validators.d.ts"), declarationSource(targets, schemaNames));
  writeFileSync(path.join(outDir, "validator-types.d.ts"), VALIDATOR_TYPES);
  const dir = path.join(outDir, "validators");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const modules = operationModules(document, targets);
  for (const { operationId, code: moduleCode, declaration } of modules) {
    writeFileSync(path.join(dir, `${operationId}.js`), moduleCode);
    writeFileSync(path.join(dir, `${operationId}.d.ts`), declaration);
  }
  const loaders = loaderModule(modules.map(({ operationId }) => operationId));
  writeFileSync(path.join(outDir, "validator-loaders.js"), loaders.code);
  writeFileSync(path.join(outDir, "validator-loaders.d.ts"), loaders.declaration);
}

if (isMain(import.meta.url)) generateValidators(outDirFromArgs());
