import { operations } from "../../generated/operations.js";
import { SlidingWindows, windowsOf, type Window } from "../rate-limits/sliding-windows.js";
import { sleep } from "./retry.js";

type OperationId = keyof typeof operations;

/**
 * Holds the documented rate limits on the client side (a sliding window per scope), so that a
 * busy caller is queued instead of answered 429. The limits come from the document's
 * `x-rate-limits`; operations without documented limits pass straight through. The document
 * enforces them per IP address: one limiter per process and address is the faithful use.
 */
export class RateLimiter {
  readonly #windows = new SlidingWindows();
  readonly #queues = new Map<string, Promise<void>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Resolves when the operation may be sent, having counted it. */
  acquire(operationId: OperationId): Promise<void> {
    const windows = windowsOf(operationId);
    if (windows.length === 0) return Promise.resolve();
    const queueKey = windows.map((w) => w.key).join(" ");
    const waiting = this.#queues.get(queueKey);
    if (!waiting && this.#windows.reserve(windows, this.now()) === 0) return Promise.resolve();
    // Full: wait in line behind the calls already waiting for the same windows.
    const turn = (waiting ?? Promise.resolve()).then(() => this.#waitForRoom(windows));
    this.#queues.set(queueKey, turn);
    void turn.then(() => {
      if (this.#queues.get(queueKey) === turn) this.#queues.delete(queueKey);
    });
    return turn;
  }

  async #waitForRoom(windows: readonly Window[]): Promise<void> {
    for (let waitMs = this.#windows.reserve(windows, this.now()); waitMs > 0; waitMs = this.#windows.reserve(windows, this.now())) {
      await sleep(waitMs);
    }
  }
}
