import { deref, loadDocument, operations, type Example, type Operation } from "./project.js";

const document = loadDocument();
const JSON_MEDIA = "application/json";

const byOperationId = new Map<string, { path: string; operation: Operation }>(
  operations(document).filter((entry) => !entry.webhook).map(({ path, operation }) => [operation.operationId, { path, operation }]),
);

export const httpOperationIds = [...byOperationId.keys()];

function first(examples: Record<string, Example> | undefined): unknown {
  const [example] = Object.values(examples ?? {});
  return example && deref<Example>(document, example).value;
}

/** The first documented request example of an operation, without request and nonce. */
export function requestExample(operationId: string): Record<string, unknown> | undefined {
  const value = first(byOperationId.get(operationId)!.operation.requestBody?.content[JSON_MEDIA].examples) as Record<string, unknown> | undefined;
  if (!value) return undefined;
  const { request: _request, nonce: _nonce, ...params } = value;
  return params;
}

/** The first documented example of a response. */
export function responseExample(operationId: string, status = "200"): unknown {
  const response = deref(document, byOperationId.get(operationId)!.operation.responses[status]);
  return first(response.content?.[JSON_MEDIA].examples);
}

export function operationPath(operationId: string): string {
  return byOperationId.get(operationId)!.path;
}

/** operationId of a path, to answer a request with that operation's example. */
export function operationIdOf(path: string): string | undefined {
  return [...byOperationId].find(([, entry]) => entry.path === path)?.[0];
}
