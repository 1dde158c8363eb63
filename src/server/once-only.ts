// The once-only claim around a handler: claimed before it runs, settled by how it ended, and a
// claim whose earlier outcome is unknown resolved by asking the team's ledger first. After any one
// fault (a store gone between the claim and the credit, a process killed mid-handler, a handler
// that throws after its commit), a retried value is handled exactly once: never refused for good,
// never handled twice.
import { randomUUID } from "node:crypto";
import type { OperationId } from "../../generated/operations.js";
import type { ApiError } from "./api-error.js";
import { claimedFields, pendingRefusal, spentRefusal, type ClaimOutcome, type ClaimSettlement, type ClaimStore, type HeldClaim, type WasSpent } from "./claims.js";
import { isPromise } from "./maybe-promise.js";
import type { StoreOutages } from "./store-outages.js";

/** How a handler ended: answered 200 (the value spent), refused (free again), threw (unknown unless the ledger says). */
export type HandlerEnd = "answered" | "refused" | "threw";

/** What the claim step decided before the handler: run it holding `claim`, refuse with the documented error, or fail 500. */
export type ClaimStep = { run: HeldClaim } | { refuse: ApiError<400> } | { fail: string };

export const CLAIM_STORE = "claim store";

export type OnceOnlyOptions = {
  store: ClaimStore;
  /** The team's ledger asked of a claim whose outcome is unknown; without it such a claim stays refused. */
  wasSpent: WasSpent | undefined;
  /** How long a pending claim is its request's before another may resolve it (only with wasSpent). */
  leaseMs: number;
  outages: StoreOutages;
  /** A fault worth a line of its own (the ledger could not answer). */
  logError(operationId: OperationId, message: string): void;
};

export class OnceOnlyClaims {
  constructor(private readonly options: OnceOnlyOptions) {}

  /** Claims `value`: whether the handler may run, holding which token; at once when the store answers at once. */
  claim(operationId: OperationId, fields: readonly string[], value: string, body: Record<string, unknown>): ClaimStep | Promise<ClaimStep> {
    const token = randomUUID();
    try {
      const outcome = this.options.store.claim(operationId, value, token, this.options.wasSpent ? this.options.leaseMs : 0);
      if (!isPromise(outcome)) return this.#decided(outcome, operationId, fields, value, body, token);
      return Promise.resolve(outcome).then((answered) => this.#decided(answered, operationId, fields, value, body, token), (error) => this.#claimFailed(operationId, error));
    } catch (error) {
      return this.#claimFailed(operationId, error);
    }
  }

  #decided(outcome: ClaimOutcome, operationId: OperationId, fields: readonly string[], value: string, body: Record<string, unknown>, token: string): ClaimStep | Promise<ClaimStep> {
    this.options.outages.answered(CLAIM_STORE);
    if (!outcome.taken) return { refuse: outcome.state === "spent" ? spentRefusal(fields) : pendingRefusal(fields) };
    if (outcome.overdue === undefined) return { run: { token, value } };
    return this.#resolveOverdue(operationId, fields, value, body, token, outcome.overdue);
  }

  #claimFailed(operationId: OperationId, error: unknown): ClaimStep {
    this.options.outages.failed(CLAIM_STORE, error, true);
    return { fail: `${operationId}: the claim store failed` };
  }

  /** An earlier request held the value and its outcome is unknown: the ledger says whether it spent it. */
  async #resolveOverdue(operationId: OperationId, fields: readonly string[], value: string, body: Record<string, unknown>, token: string, overdue: string): Promise<ClaimStep> {
    const spent = await this.#askLedger(operationId, value, fields, body, overdue);
    if (spent === undefined) {
      await this.#settle(operationId, value, token, "unknown");
      return { fail: `${operationId}: the ledger could not say whether an earlier request spent the value` };
    }
    if (spent) {
      await this.#settle(operationId, value, token, "spent");
      return { refuse: spentRefusal(fields) };
    }
    return { run: { token, value } };
  }

  /** Settles the claim by how its handler ended, at once when the store does; never throws (a store that fails leaves the claim pending, to be resolved later). */
  settle(operationId: OperationId, fields: readonly string[], body: Record<string, unknown>, claim: HeldClaim, end: HandlerEnd): void | Promise<void> {
    // A handler may throw after its commit (a timeout after the write): the ledger knows which.
    if (end === "threw" && this.options.wasSpent) return this.#settleByLedger(operationId, fields, body, claim);
    return this.#settle(operationId, claim.value, claim.token, end === "answered" ? "spent" : "free");
  }

  async #settleByLedger(operationId: OperationId, fields: readonly string[], body: Record<string, unknown>, claim: HeldClaim): Promise<void> {
    const spent = await this.#askLedger(operationId, claim.value, fields, body, claim.token);
    await this.#settle(operationId, claim.value, claim.token, spent === undefined ? "unknown" : spent ? "spent" : "free");
  }

  async #askLedger(operationId: OperationId, value: string, fields: readonly string[], body: Record<string, unknown>, token: string): Promise<boolean | undefined> {
    try {
      const spent = await this.options.wasSpent!({ operationId, value, fields: claimedFields(fields, body), token });
      if (typeof spent !== "boolean") throw new TypeError(`wasSpent answered ${typeof spent}, not true or false`);
      return spent;
    } catch (error) {
      this.options.logError(operationId, `${operationId}: wasSpent failed, so the claim stays pending until a later request asks again: ${(error as Error)?.message ?? String(error)}`);
      return undefined;
    }
  }

  #settle(operationId: OperationId, value: string, token: string, settlement: ClaimSettlement): void | Promise<void> {
    const { outages } = this.options;
    // Left pending when the store fails: with wasSpent, the next request for the value resolves it once the lease ends.
    try {
      const settled = this.options.store.settle(operationId, value, token, settlement);
      if (isPromise(settled)) return Promise.resolve(settled).then(() => outages.answered(CLAIM_STORE), (error) => outages.failed(CLAIM_STORE, error, false));
      outages.answered(CLAIM_STORE);
    } catch (error) {
      outages.failed(CLAIM_STORE, error, false);
    }
  }
}
