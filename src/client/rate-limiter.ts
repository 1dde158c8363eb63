import { operations } from "../../generated/operations.js";
import { sleep } from "./retry.js";

type OperationId = keyof typeof operations;
type Limit = { scope: string; requests: number; periodSeconds: number };

/**
 * Holds the documented rate limits on the client side (a sliding window per scope), so that a
 * busy caller is queued instead of answered 429. The limits come from the document's
 * `x-rate-limits`; operations without documented limits pass straight through. The document
 * enforces them per IP address: one limiter per process and address is the faithful use.
 */
export class RateLimiter {
  readonly #sent = new Map<string, number[]>();
  readonly #queues = new Map<string, Promise<void>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Resolves when the operation may be sent, having counted it. */
  acquire(operationId: OperationId): Promise<void> {
    const limits = operations[operationId].rateLimits as readonly Limit[];
    if (limits.length === 0) return Promise.resolve();
    const queueKey = limits.map((limit) => this.#windowKey(operationId, limit)).join(" ");
    const waiting = this.#queues.get(queueKey);
    if (!waiting && this.#reserve(operationId, limits) === 0) return Promise.resolve();
    // Full: wait in line behind the calls already waiting for the same windows.
    const turn = (waiting ?? Promise.resolve()).then(() => this.#waitForRoom(operationId, limits));
    this.#queues.set(queueKey, turn);
    void turn.then(() => {
      if (this.#queues.get(queueKey) === turn) this.#queues.delete(queueKey);
    });
    return turn;
  }

  async #waitForRoom(operationId: OperationId, limits: readonly Limit[]): Promise<void> {
    for (;;) {
      const waitMs = this.#reserve(operationId, limits);
      if (waitMs === 0) return;
      await sleep(waitMs);
    }
  }

  /** Counts the request in every window and returns 0, or returns how long to wait for room. */
  #reserve(operationId: OperationId, limits: readonly Limit[]): number {
    const now = this.now();
    let waitMs = 0;
    for (const limit of limits) {
      const sent = this.#window(operationId, limit, now);
      if (sent.length >= limit.requests) waitMs = Math.max(waitMs, sent[0] + limit.periodSeconds * 1000 - now);
    }
    if (waitMs > 0) return waitMs;
    for (const limit of limits) this.#window(operationId, limit, now).push(now);
    return 0;
  }

  #window(operationId: OperationId, limit: Limit, now: number): number[] {
    const key = this.#windowKey(operationId, limit);
    const sent = this.#sent.get(key) ?? [];
    this.#sent.set(key, sent);
    const horizon = now - limit.periodSeconds * 1000;
    let expired = 0;
    while (expired < sent.length && sent[expired] <= horizon) expired++;
    if (expired) sent.splice(0, expired);
    return sent;
  }

  #windowKey(operationId: OperationId, limit: Limit): string {
    return limit.scope === "operation" ? `operation:${operationId}` : limit.scope;
  }
}
