// <out>/openapi.json -> <out>/mcp-tools.js + .d.ts: the API as MCP tools, one per operation, for
// `txc-api mcp` (src/mcp/). Each tool's name is the operationId; its description the document's
// summary and description; its inputSchema the request body without the signer's fields (request,
// nonce), a state-changing one's with `dryRun` beside them; its outputSchema the 200 schema where
// that is an object (MCP's structuredContent is one); its annotations what the document says of
// the operation (x-state-changing). Schemas are self-contained: every $ref resolved, the document's
// own extensions (x-*) left out, a reference's sibling description kept.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { JSON_MEDIA, operationsOf, resolve, signingFacts } from "./document-refs.mjs";
import { isMain, outDirFromArgs } from "./project.mjs";

const HEADER = "// Generated from openapi/ by scripts/mcp-tools.mjs. Do not edit: run `npm run generate`.";

/** The argument of a state-changing tool that asks for the request shown, not sent. */
export const DRY_RUN_ARGUMENT = "dryRun";

/** What a dry run answers in place of the API's answer: the request as it would be sent, nothing sent. */
export const DRY_RUN_SCHEMA = {
  type: "object",
  title: "DryRun",
  description: "The request as it would be signed and sent, the signature redacted. Nothing was sent.",
  required: [DRY_RUN_ARGUMENT, "method", "url", "headers", "body"],
  properties: {
    [DRY_RUN_ARGUMENT]: { const: true },
    method: { type: "string" },
    url: { type: "string" },
    headers: { type: "object", additionalProperties: { type: "string" }, description: "The signing headers: the key and the payload as sent, the signature redacted." },
    body: { type: "string", description: "The exact body text that would be signed and sent (request and nonce set)." },
  },
};

/** Keywords whose value maps names to schemas: their keys are names, never extensions. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs"]);

/** A schema as an agent reads it: references resolved (their siblings, a field's own description, kept), extensions out. */
function agentSchema(document, node, depth = 0) {
  if (depth > 32) throw new Error("a schema nests deeper than 32 levels (a $ref cycle?)");
  if (Array.isArray(node)) return node.map((item) => agentSchema(document, item, depth + 1));
  if (!node || typeof node !== "object") return node;
  const { $ref, ...siblings } = node;
  const merged = $ref ? { ...agentSchema(document, resolve(document, { $ref }), depth + 1), ...siblings } : siblings;
  return Object.fromEntries(Object.entries(merged).filter(([key]) => !key.startsWith("x-")).map(([key, value]) => [key, SCHEMA_MAPS.has(key)
    ? Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, agentSchema(document, schema, depth + 1)]))
    : agentSchema(document, value, depth + 1)]));
}

/** The request body's schema without the fields the signer sets; an empty object for an operation without a body. */
function inputSchema(document, operation, signerFields, stateChanging) {
  const body = operation.requestBody && resolve(document, operation.requestBody).content?.[JSON_MEDIA]?.schema;
  const schema = body ? agentSchema(document, body) : { type: "object", properties: {}, additionalProperties: false };
  if (schema.type !== "object") throw new Error(`${operation.operationId}: its request body is not an object, and an MCP tool's input must be one`);
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([name]) => !signerFields.includes(name)));
  if (stateChanging) {
    if (DRY_RUN_ARGUMENT in properties) throw new Error(`${operation.operationId}: its request has a field ${DRY_RUN_ARGUMENT}, the name the MCP tools give a dry run`);
    properties[DRY_RUN_ARGUMENT] = { type: "boolean", description: "true: validate the arguments and show the request as it would be signed (the signature redacted); nothing is sent. Default false." };
  }
  const required = (schema.required ?? []).filter((name) => !signerFields.includes(name));
  return { ...schema, properties, ...(required.length ? { required } : { required: undefined }) };
}

/**
 * The 200 answer's schema when it is an object (structuredContent must be one); undefined for
 * another answer (the ping's array). A state-changing tool answers either that or a dry run.
 */
function outputSchema(document, operation, stateChanging) {
  const schema = resolve(document, operation.responses?.["200"])?.content?.[JSON_MEDIA]?.schema;
  if (!schema) return undefined;
  const output = agentSchema(document, schema);
  if (output.type !== "object") return undefined;
  return stateChanging ? { type: "object", description: "The API's answer, or with dryRun the request as it would be sent.", anyOf: [output, DRY_RUN_SCHEMA] } : output;
}

/**
 * The top-level fields of the 200 answer the document describes, by operation: null where every
 * field is described (a map such as the balance's, or no object answer); else the names listed.
 * Fields beyond them, such as whatever a key reset may return ("not shown"), never reach the agent.
 */
export function describedAnswerFields(document) {
  return Object.fromEntries([...operationsOf(document)].map(({ operation }) => {
    const schema = resolve(document, resolve(document, operation.responses?.["200"])?.content?.[JSON_MEDIA]?.schema);
    const open = schema?.type === "object" && (schema.additionalProperties === undefined || schema.additionalProperties === true) && !schema.patternProperties;
    return [operation.operationId, open ? Object.keys(schema.properties ?? {}) : null];
  }));
}

export function mcpTools(document) {
  const signerFields = Object.values(signingFacts(document).bodyFields);
  return [...operationsOf(document)].map(({ operation }) => {
    const stateChanging = operation["x-state-changing"] === true;
    const output = outputSchema(document, operation, stateChanging);
    return {
      name: operation.operationId,
      title: operation.summary,
      description: [operation.summary, operation.description].filter(Boolean).join(". ").replace(/\.\. /, ". "),
      inputSchema: JSON.parse(JSON.stringify(inputSchema(document, operation, signerFields, stateChanging))),
      ...(output ? { outputSchema: output } : {}),
      annotations: { title: operation.summary, readOnlyHint: !stateChanging, destructiveHint: stateChanging, openWorldHint: true },
    };
  });
}

export function generateMcpTools(outDir) {
  const document = JSON.parse(readFileSync(path.join(outDir, "openapi.json"), "utf8"));
  writeFileSync(
    path.join(outDir, "mcp-tools.js"),
    `${HEADER}\n/** The operations of the document as MCP tools (txc-api mcp), in the document's order. */\nexport const mcpTools = ${JSON.stringify(mcpTools(document), null, 2)};\n\n/** The argument of a state-changing tool that asks for a dry run. */\nexport const DRY_RUN_ARGUMENT = ${JSON.stringify(DRY_RUN_ARGUMENT)};\n\n/** The answer's fields the document describes, by operation (null: all of them); others are withheld from agents. */\nexport const describedAnswerFields = ${JSON.stringify(describedAnswerFields(document), null, 2)};\n`,
  );
  writeFileSync(
    path.join(outDir, "mcp-tools.d.ts"),
    `${HEADER}\nimport type { OperationId } from "./operations.js";\n\n/** A JSON Schema of an object, every $ref resolved. */\nexport type ObjectSchema = { type: "object"; properties?: Record<string, object>; required?: string[]; [keyword: string]: unknown };\n\nexport type McpToolDefinition = {\n  name: OperationId;\n  title: string;\n  description: string;\n  inputSchema: ObjectSchema;\n  outputSchema?: ObjectSchema;\n  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; openWorldHint: boolean };\n};\n\nexport declare const mcpTools: readonly McpToolDefinition[];\nexport declare const DRY_RUN_ARGUMENT: ${JSON.stringify(DRY_RUN_ARGUMENT)};\nexport declare const describedAnswerFields: Record<OperationId, readonly string[] | null>;\n`,
  );
}

if (isMain(import.meta.url)) generateMcpTools(outDirFromArgs());
