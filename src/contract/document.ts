import { readFileSync } from "node:fs";
import { operations } from "../../generated/operations.js";

export type Schema = Record<string, any>;
export type OperationId = keyof typeof operations;

const JSON_MEDIA = "application/json";
export { SIGNING_FIELDS } from "../signing/sign.js";
const document = JSON.parse(readFileSync(new URL("../../generated/openapi.json", import.meta.url), "utf8"));

/** Follows local `$ref`s until a node without one. */
export function resolve<T = Schema>(node: any): T {
  let at = node;
  while (at && typeof at.$ref === "string") {
    at = at.$ref.replace(/^#\//, "").split("/").reduce((n: any, key: string) => n[key.replaceAll("~1", "/").replaceAll("~0", "~")], document);
  }
  return at;
}

function operationObject(operationId: OperationId): Schema {
  const { path, method } = operations[operationId];
  return document.paths[path][method.toLowerCase()];
}

/** The request body schema, resolved, or undefined for operations without a body. */
export function requestSchema(operationId: OperationId): Schema | undefined {
  const schema = operationObject(operationId).requestBody?.content?.[JSON_MEDIA]?.schema;
  return schema && resolve(schema);
}

/** The documented request examples, without `request` and `nonce` (the signer sets those). */
export function requestExamples(operationId: OperationId): { name: string; fields: Record<string, unknown> }[] {
  const examples = operationObject(operationId).requestBody?.content?.[JSON_MEDIA]?.examples ?? {};
  return Object.entries(examples).map(([name, example]) => {
    const { request: _request, nonce: _nonce, ...fields } = resolve<{ value: Record<string, unknown> }>(example).value;
    return { name, fields };
  });
}

/** The fields whose errors the document says are keyed by name (`x-errors-keyed-by` on its 400). */
export function documentedErrorKeys(operationId: OperationId): Set<string> {
  return new Set(resolve(operationObject(operationId).responses?.["400"])?.["x-errors-keyed-by"] ?? []);
}

/** The statuses the document declares for an operation, such as 200, 400 and 4XX. */
export function documentedStatuses(operationId: OperationId): string[] {
  return Object.keys(operationObject(operationId).responses ?? {});
}

/** The documented status key (exact, range or default) that covers a status, if any. */
export function documentedStatus(operationId: OperationId, status: number): string | undefined {
  const statuses = documentedStatuses(operationId);
  return [String(status), `${String(status)[0]}XX`, "default"].find((key) => statuses.includes(key));
}

export const operationIds = Object.keys(operations) as OperationId[];
export { operations };
