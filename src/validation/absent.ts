import type { OperationId } from "../../generated/operations.js";
import { validators } from "../../generated/validators.js";
import { documentedStatusKey } from "./status-key.js";

/** What a server answers for an operation it does not have: 404, 405, 501. */
export const ABSENT = new Set([404, 405, 501]);

/**
 * Whether a status is one a server gives for an operation it does not have: 404, 405, 501, or a
 * status the document never gives the operation. The tester and the proxy both read it so.
 */
export function saysAbsent(operationId: OperationId, status: number): boolean {
  if (ABSENT.has(status)) return true;
  return documentedStatusKey(status, (key) => Object.hasOwn(validators[operationId].responses, key)) === undefined;
}

/** "404", "404 or 405": the statuses an operation answered, in order. */
export const statusList = (statuses: Iterable<number>) => [...new Set(statuses)].sort().join(" or ");
