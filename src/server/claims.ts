// The once-only rule: an operation that succeeds once per value, as a redeemed code is spent (the
// document's `x-once-per`, and the rules a team declares where the document is silent). The kit
// claims the value before the handler runs: the claim is pending while the handler runs, spent
// when it answers 200, free again when it refuses. A claim whose outcome is unknown (its process
// died, the store went away before it was settled, the handler threw) is never freed blindly: the
// next request for the value asks the team's ledger (`wasSpent`) once the claim's lease has ended.
import type { OperationId } from "../../generated/operations.js";
import { invalidField, type ApiError } from "./api-error.js";

/** What a claim found: taken by this request (`overdue`: the token of an earlier request whose outcome is unknown), or held. */
export type ClaimOutcome = { taken: true; overdue?: string } | { taken: false; state: "pending" | "spent" };

/** How a pending claim ends: spent for good, free again, or unknown (left pending with its lease ended, for the next request to resolve). */
export type ClaimSettlement = "spent" | "free" | "unknown";

/**
 * Where the values of once-only operations are claimed. Both calls must be atomic across every
 * process sharing the store. A store that cannot answer throws: the request is answered 500,
 * never handled unclaimed.
 */
export interface ClaimStore {
  /**
   * Takes `value` for `token`, pending for `leaseMs` (0: no lease, pending until settled), when it
   * is free or pending past its lease; otherwise says what holds it.
   */
  claim(operationId: OperationId, value: string, token: string, leaseMs: number): ClaimOutcome | PromiseLike<ClaimOutcome>;
  /** Settles the claim `token` holds; a claim no longer held by `token` (taken over) is left alone. */
  settle(operationId: OperationId, value: string, token: string, settlement: ClaimSettlement): void | PromiseLike<void>;
  /** What makes the claims unsafe to rely on, said once when the kit starts (a Redis that does not persist). */
  warnings?(): Promise<string[]>;
  /** True for a store in this process's memory: a process that dies takes its claims with it, and nothing is left to resolve. */
  readonly inProcess?: boolean;
}

/** A claim as the handler sees it: the token to record with its own write (one transaction), so that `wasSpent` can answer. */
export type HeldClaim = { token: string; value: string };

/** What the kit asks the team's ledger of a claim whose outcome is unknown: did the request holding `token` spend the value? */
export type SpentQuestion = { operationId: OperationId; value: string; fields: Record<string, unknown>; token: string };
export type WasSpent = (question: SpentQuestion) => boolean | PromiseLike<boolean>;

type Held = { token: string; deadline: number } | "spent";

/** The default store, in this process's memory: one process only (behind a balancer, `redisStores`). */
export function memoryClaimStore(now: () => number = Date.now): ClaimStore {
  // One map per operation: no key text joined (and hashed anew) per call.
  const operations = new Map<string, Map<string, Held>>();
  const heldBy = (operationId: string) => {
    let held = operations.get(operationId);
    if (!held) operations.set(operationId, (held = new Map()));
    return held;
  };
  return {
    inProcess: true,
    claim(operationId, value, token, leaseMs) {
      const held = heldBy(operationId);
      const current = held.get(value);
      if (current === "spent") return { taken: false, state: "spent" };
      if (current && current.deadline > now()) return { taken: false, state: "pending" };
      held.set(value, { token, deadline: leaseMs > 0 ? now() + leaseMs : Infinity });
      return current ? { taken: true, overdue: current.token } : { taken: true };
    },
    settle(operationId, value, token, settlement) {
      const held = heldBy(operationId);
      const current = held.get(value);
      if (current === undefined || current === "spent" || current.token !== token) return;
      if (settlement === "spent") held.set(value, "spent");
      else if (settlement === "free") held.delete(value);
      else current.deadline = 0;
    },
  };
}

/**
 * The value a request claims: its once-only fields as one text, or undefined where the operation
 * has none (or the request leaves them out: the handler refuses such a request on its own).
 */
export function claimedValue(fields: readonly string[], body: Record<string, unknown>): string | undefined {
  if (fields.length === 0) return undefined;
  // One text field (a code) is its own value; anything else, as JSON.
  if (fields.length === 1 && typeof body[fields[0]!] === "string") return body[fields[0]!] as string;
  if (fields.some((field) => body[field] === undefined)) return undefined;
  return JSON.stringify(fields.map((field) => body[field]));
}

/** The once-only fields of a body, as the ledger is asked of them. */
export const claimedFields = (fields: readonly string[], body: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(fields.map((field) => [field, body[field]]));

/** The refusal of a value already used: the documented validation error keyed by its first field. */
export function spentRefusal(fields: readonly string[]): ApiError<400> {
  return invalidField(fields[0]!, `The ${fields[0]} has already been applied.`);
}

/** The refusal of a value another request is applying now: the same status and field, said as it is. */
export function pendingRefusal(fields: readonly string[]): ApiError<400> {
  return invalidField(fields[0]!, `A request with this ${fields[0]} is being handled; if it fails, the ${fields[0]} can be sent again.`);
}
