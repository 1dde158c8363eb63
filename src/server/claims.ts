// The document's once-only rule (`x-once-per`): an operation that succeeds once per value, as a
// redeemed code is spent. The kit claims the value before the handler runs, keeps the claim when
// the handler answers 200 and gives it back when the handler refuses or throws, so that two
// requests with one code, on any process sharing the store, are never both handled.
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { invalidField, type ApiError } from "./api-error.js";

/** A value claimed: `release` gives it back (the handler refused or threw). */
export type ClaimTaken = { claimed: true; release(): void | Promise<void> };
export type ClaimResult = ClaimTaken | { claimed: false };

/**
 * Where the values of once-only operations are claimed. `claim` must be atomic: two claims of one
 * value, at the same time, on any process sharing the store, never both taken. A store that cannot
 * answer throws: the request is answered 500, never handled unclaimed.
 */
export interface ClaimStore {
  claim(operationId: OperationId, value: string): ClaimResult | PromiseLike<ClaimResult>;
  /** What makes the claims unsafe to rely on, said once when the kit starts (a Redis that does not persist). */
  warnings?(): Promise<string[]>;
}

/** The default store, in this process's memory: one process only (behind a balancer, `redisStores`). */
export function memoryClaimStore(): ClaimStore {
  const held = new Set<string>();
  return {
    claim(operationId, value) {
      const key = `${operationId}\n${value}`;
      if (held.has(key)) return { claimed: false };
      held.add(key);
      return { claimed: true, release: () => void held.delete(key) };
    },
  };
}

/** The fields an operation accepts once per value; empty for most. */
export const onceOnlyFields = (operationId: OperationId): readonly string[] => operationIndex[operationId].oncePer;

/**
 * The value a request claims: its once-only fields as one text, or undefined where the operation
 * has none (or the request leaves them out: the handler refuses such a request on its own).
 */
export function claimedValue(operationId: OperationId, body: Record<string, unknown>): string | undefined {
  const fields = onceOnlyFields(operationId);
  if (fields.length === 0) return undefined;
  // One text field (a code) is its own value; anything else, as JSON.
  if (fields.length === 1 && typeof body[fields[0]!] === "string") return body[fields[0]!] as string;
  if (fields.some((field) => body[field] === undefined)) return undefined;
  return JSON.stringify(fields.map((field) => body[field]));
}

/** The documented refusal of a value already used: the validation error keyed by its first field. */
export function spentRefusal(operationId: OperationId): ApiError<400> {
  const [field] = onceOnlyFields(operationId);
  return invalidField(field!, `The ${field} has already been applied.`);
}
