import { operationIndex } from "../../generated/operations.js";
import { SlidingWindows, windowsOf } from "../rate-limits/sliding-windows.js";

const LONGEST_PERIOD_SECONDS = Math.max(1, ...Object.values(operationIndex).flatMap((op) => op.rateLimits.map((limit) => limit.periodSeconds)));
const SWEEP_EVERY = 1_000;

/**
 * The documented rate limits, enforced per client address and scope over sliding windows. Every
 * 1,000 requests, windows left empty are dropped, so that many client addresses do not pile up.
 */
export class ServerRateLimits {
  readonly #windows = new SlidingWindows();
  #admitted = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts the request and returns true, or returns false when it must be answered 429. */
  admit(operationId: keyof typeof operationIndex, address: string): boolean {
    const now = this.now();
    if (++this.#admitted % SWEEP_EVERY === 0) this.#windows.sweep(now, LONGEST_PERIOD_SECONDS);
    return this.#windows.reserve(windowsOf(operationId, `${address} `), now) === 0;
  }

  /** Windows held now, one per client address and scope. */
  get windowsHeld(): number {
    return this.#windows.size;
  }
}
