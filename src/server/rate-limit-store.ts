import { operationIndex, type OperationId } from "../../generated/operations.js";
import { SlidingWindows, windowsOf } from "../rate-limits/sliding-windows.js";

/**
 * What a store says of a request: `true`, counted; `false`, refused; or refused with the time until
 * the fullest window frees, which the 429 then carries as Retry-After (without it, the longest
 * documented period of the operation).
 */
export type Admission = boolean | { admitted: false; retryAfterMs: number };

/**
 * Where the documented rate limits are counted. `admit` counts the request in every documented
 * window of the operation for this client address and says whether all had room; it must be
 * atomic across the processes that share it. A store that cannot answer throws: the request is
 * answered 500, never let through uncounted.
 */
export interface RateLimitStore {
  admit(operationId: OperationId, address: string): Admission | PromiseLike<Admission>;
}

/** The seconds a refused request is told to wait (Retry-After): the store's, else the operation's longest period. */
export function retryAfterSeconds(operationId: OperationId, admission: Exclude<Admission, true>): number {
  if (admission !== false) return Math.max(1, Math.ceil(admission.retryAfterMs / 1000));
  return Math.max(1, ...operationIndex[operationId].rateLimits.map((limit) => limit.periodSeconds));
}

const LONGEST_PERIOD_SECONDS = Math.max(1, ...Object.values(operationIndex).flatMap((op) => op.rateLimits.map((limit) => limit.periodSeconds)));
const SWEEP_EVERY = 1_000;

/**
 * The documented rate limits, per client address and scope over sliding windows, in this process's
 * memory. Every 1,000 requests, windows left empty are dropped, so that many client addresses do
 * not pile up. One process only: behind a balancer, use a shared store (`redisStores`).
 */
export class MemoryRateLimits implements RateLimitStore {
  readonly #windows = new SlidingWindows();
  #admitted = 0;

  constructor(private readonly now: () => number = Date.now) {}

  admit(operationId: OperationId, address: string): Admission {
    const now = this.now();
    if (++this.#admitted % SWEEP_EVERY === 0) this.#windows.sweep(now, LONGEST_PERIOD_SECONDS);
    const waitMs = this.#windows.reserve(windowsOf(operationId, `${address} `), now);
    return waitMs === 0 || { admitted: false, retryAfterMs: waitMs };
  }

  /** Windows held now, one per client address and scope. */
  get windowsHeld(): number {
    return this.#windows.size;
  }
}
