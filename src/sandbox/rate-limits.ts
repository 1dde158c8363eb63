import { operations } from "../../generated/operations.js";
import { SlidingWindows, windowsOf } from "../rate-limits/sliding-windows.js";

/** The documented rate limits, enforced per client address and scope over sliding windows. */
export class ServerRateLimits {
  readonly #windows = new SlidingWindows();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts the request and returns true, or returns false when it must be answered 429. */
  admit(operationId: keyof typeof operations, address: string): boolean {
    return this.#windows.reserve(windowsOf(operationId, `${address} `), this.now()) === 0;
  }
}
