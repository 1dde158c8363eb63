import { operationIndex, type OperationId } from "../../generated/operations.js";

/** Each path's operations by method. */
const routes = new Map<string, Map<string, OperationId>>();
for (const [id, { method, path }] of Object.entries(operationIndex)) {
  if (!routes.has(path)) routes.set(path, new Map());
  routes.get(path)!.set(method, id as OperationId);
}

/** The documented operation at a method and path exactly as sent (no normalising: `//x` or `/a/../b` is no route), or undefined. */
export function operationAt(method: string, path: string): OperationId | undefined {
  return routes.get(path)?.get(method);
}

/** The operations that take a signed body. */
export type PrivateOperationId = { [Id in OperationId]: (typeof operationIndex)[Id]["signed"] extends true ? Id : never }[OperationId];
/** The operations anyone may call, unsigned. */
export type PublicOperationId = Exclude<OperationId, PrivateOperationId>;

/** A request target's path as sent, without its query (not normalised: `//x` or `/a/../b` is no route). */
export function targetPath(target: string): string {
  const query = target.indexOf("?");
  return query < 0 ? target : target.slice(0, query);
}

export const isPrivateOperation = (operationId: OperationId): operationId is PrivateOperationId => operationIndex[operationId].signed;
