// <out>/openapi.json -> <out>/contract-facts.js + .d.ts: what contract-test reads of the document,
// distilled at build time (request schemas with every $ref resolved, the request examples, the
// documented statuses and the fields errors are keyed by), so that no code parses the document
// at run time. Kept apart from operations.js, which the client ships.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dereferenced, JSON_MEDIA, operationsOf, requestExamples, resolve } from "./document-refs.mjs";
import { isMain, outDirFromArgs } from "./project.mjs";

const HEADER = "// Generated from openapi/ by scripts/contract-facts.mjs. Do not edit: run `npm run generate`.";

export function contractFacts(document) {
  const facts = {};
  for (const { operation } of operationsOf(document)) {
    const schema = operation.requestBody?.content?.[JSON_MEDIA]?.schema;
    facts[operation.operationId] = {
      requestSchema: schema ? dereferenced(document, schema) : null,
      requestExamples: requestExamples(document, operation),
      statuses: Object.keys(operation.responses ?? {}),
      // The refusals keyed by fields: the 400's, and the 4XX's where the document leaves a status open.
      errorKeys: ["400", "4XX"].flatMap((status) => resolve(document, operation.responses?.[status])?.["x-errors-keyed-by"] ?? []),
    };
  }
  return facts;
}

export function generateContractFacts(outDir) {
  const document = JSON.parse(readFileSync(path.join(outDir, "openapi.json"), "utf8"));
  const facts = JSON.stringify(contractFacts(document), null, 2);
  writeFileSync(path.join(outDir, "contract-facts.js"), `${HEADER}\n/** What contract-test reads of the document, by operationId. */\nexport const contractFacts = ${facts};\n`);
  writeFileSync(
    path.join(outDir, "contract-facts.d.ts"),
    `${HEADER}\nimport type { OperationId } from "./operations.js";\n\n/** A JSON Schema, every $ref resolved. */\nexport type Schema = Record<string, any>;\nexport declare const contractFacts: Record<OperationId, {\n  requestSchema: Schema | null;\n  requestExamples: { name: string; fields: Record<string, unknown> }[];\n  statuses: string[];\n  errorKeys: string[];\n}>;\n`,
  );
}

if (isMain(import.meta.url)) generateContractFacts(outDirFromArgs());
