import type { OperationId } from "../../generated/operations.js";
import { SlidingWindows, windowsOf, type Window } from "./sliding-windows.js";

type Waiter = { windows: Window[]; resolve: () => void; reject: (reason: unknown) => void; signal?: AbortSignal; onAbort?: () => void; since: number };

/** What the limiter holds now, by scope: the calls queued there and how long the oldest has waited. */
export type LimiterStats = Record<string, { queued: number; oldestWaitMs: number }>;

/**
 * Holds the documented rate limits on the client side (a sliding window per scope), so that a
 * busy caller is queued instead of answered 429. The limits come from the document's
 * `x-rate-limits`; operations without documented limits pass straight through. The document
 * enforces them per IP address: one limiter per process and address is the faithful use.
 */
export class RateLimiter {
  readonly #windows = new SlidingWindows();
  readonly #queues = new Map<string, Waiter[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Resolves when the operation may be sent, having counted it. An abort while waiting rejects at
   * once with the signal's reason, and the call counts against no window.
   */
  acquire(operationId: OperationId, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const windows = windowsOf(operationId);
    if (windows.length === 0) return Promise.resolve();
    const queueKey = windows.map((w) => w.key).join(" ");
    const queue = this.#queues.get(queueKey);
    if (!queue && this.#windows.reserve(windows, this.now()) === 0) return Promise.resolve();
    // Full: wait in line behind the calls already waiting for the same windows.
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { windows, resolve, reject, signal, since: this.now() };
      if (signal) {
        waiter.onAbort = () => {
          const line = this.#queues.get(queueKey);
          line?.splice(line.indexOf(waiter), 1);
          reject(signal.reason);
        };
        signal.addEventListener("abort", waiter.onAbort, { once: true });
      }
      if (queue) queue.push(waiter);
      else {
        this.#queues.set(queueKey, [waiter]);
        this.#serve(queueKey);
      }
    });
  }

  /** The calls queued now by scope (the documented windows they wait for), and the longest wait so far. */
  stats(): LimiterStats {
    const now = this.now();
    const stats: LimiterStats = {};
    for (const [queueKey, queue] of this.#queues) {
      if (queue.length === 0) continue;
      stats[queueKey] = { queued: queue.length, oldestWaitMs: Math.max(0, now - queue[0]!.since) };
    }
    return stats;
  }

  /** Lets waiters through in order as the windows make room; one timer per line. */
  #serve(queueKey: string) {
    const queue = this.#queues.get(queueKey)!;
    while (queue.length > 0) {
      const waitMs = this.#windows.reserve(queue[0].windows, this.now());
      if (waitMs > 0) {
        setTimeout(() => this.#serve(queueKey), waitMs);
        return;
      }
      const waiter = queue.shift()!;
      if (waiter.onAbort) waiter.signal!.removeEventListener("abort", waiter.onAbort);
      waiter.resolve();
    }
    this.#queues.delete(queueKey);
  }
}
