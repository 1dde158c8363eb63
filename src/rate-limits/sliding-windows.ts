import { operationIndex, type OperationId } from "../../generated/operations.js";

export type Window = { key: string; requests: number; periodSeconds: number };

/** The documented limits of an operation as windows, keyed by scope (and by `prefix`, such as a client address). */
export function windowsOf(operationId: OperationId, prefix = ""): Window[] {
  return operationIndex[operationId].rateLimits.map((limit) => ({
    key: `${prefix}${limit.scope === "operation" ? `operation:${operationId}` : limit.scope}`,
    requests: limit.requests,
    periodSeconds: limit.periodSeconds,
  }));
}

/** The longest period the document gives any rate limit. */
export const LONGEST_DOCUMENTED_PERIOD_MS = Math.max(...Object.values(operationIndex).flatMap((op) => op.rateLimits.map((limit) => limit.periodSeconds * 1000)));

/** An operation's documented rate-limit period, the longest of its scopes; where the document shows none, the longest it shows anywhere. */
export function documentedPeriodMs(operationId: OperationId): number {
  const periods = operationIndex[operationId].rateLimits.map((limit) => limit.periodSeconds * 1000);
  return periods.length ? Math.max(...periods) : LONGEST_DOCUMENTED_PERIOD_MS;
}

/** Sliding-window request counters, shared by the client's limiter and the sandbox. */
export class SlidingWindows {
  readonly #sent = new Map<string, number[]>();

  /** Counts a request in every window and returns 0, or returns how many ms until all have room. */
  reserve(windows: readonly Window[], now: number): number {
    let waitMs = 0;
    for (const window of windows) {
      const sent = this.#prune(window, now);
      if (sent.length >= window.requests) waitMs = Math.max(waitMs, sent[0] + window.periodSeconds * 1000 - now);
    }
    if (waitMs > 0) return waitMs;
    for (const window of windows) this.#sent.get(window.key)!.push(now);
    return 0;
  }

  /** Forgets every window with no request left in it, so that memory follows the traffic. */
  sweep(now: number, longestPeriodSeconds: number) {
    const horizon = now - longestPeriodSeconds * 1000;
    for (const [key, sent] of this.#sent) if (sent.length === 0 || sent[sent.length - 1] <= horizon) this.#sent.delete(key);
  }

  /** Windows held now. */
  get size(): number {
    return this.#sent.size;
  }

  #prune(window: Window, now: number): number[] {
    const sent = this.#sent.get(window.key) ?? [];
    this.#sent.set(window.key, sent);
    const horizon = now - window.periodSeconds * 1000;
    let expired = 0;
    while (expired < sent.length && sent[expired] <= horizon) expired++;
    if (expired) sent.splice(0, expired);
    return sent;
  }
}
