import { operationIndex, type OperationId } from "../../generated/operations.js";
import { documentedPeriodMs, LONGEST_DOCUMENTED_PERIOD_MS } from "../rate-limits/sliding-windows.js";
import { NetworkError, RateLimitError, ServerError, TimeoutError, TxcApiError } from "../errors/index.js";
import { retold } from "../errors/base.js";
import type { RetryReason } from "../transport/attempt-event.js";
import { sleep } from "../rate-limits/waiting.js";
import { mayResend } from "../transport/resend.js";

export type RetryOptions = {
  /** Attempts in all, the first included. 1 turns retrying off. */
  attempts: number;
  /** The first backoff ceiling; it doubles per attempt up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * Retry the state-changing operations (`operationIndex[id].stateChanging`, from the document's
   * `x-state-changing`) on 5xx, timeouts and network errors too. Off by default: after such a
   * failure the server may have carried out the change, and a retry would do it twice. A 429 is
   * always retried: the server refused the request without acting on it.
   */
  retryStateChanging: boolean;
  /**
   * The longest wait after a 429: its Retry-After, or without one the documented period of the
   * operation's limit (the whole window, so that every request counted in it has aged out). A
   * longer wait ends the call at once with the RateLimitError, which says how long and why.
   */
  maxRateLimitWaitMs: number;
  /** Source of jitter, in [0, 1). */
  random: () => number;
};

export const defaultRetryOptions: RetryOptions = {
  attempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  retryStateChanging: false,
  maxRateLimitWaitMs: LONGEST_DOCUMENTED_PERIOD_MS,
  random: Math.random,
};

/** Why a failure may be retried, as the hooks name it. */
export function retryReason(error: unknown): RetryReason {
  if (error instanceof RateLimitError) return "429";
  if (error instanceof ServerError) return "5xx";
  if (error instanceof TimeoutError) return "timeout";
  return error instanceof NetworkError && error.closedBeforeAnswer ? "connection-closed" : "network";
}

export function isRetryable(error: unknown, stateChanging: boolean, options: RetryOptions): boolean {
  if (error instanceof RateLimitError) return true;
  const transient = error instanceof ServerError || error instanceof TimeoutError || (error instanceof NetworkError && error.transient);
  return transient && (!stateChanging || options.retryStateChanging);
}

/** Why a retryable failure is not retried after all: the wait it asks for is longer than the policy allows. */
export type NotRetried = { notRetried: string };

/**
 * After a 429: its Retry-After (the kit and the sandbox send one), else the operation's documented
 * period (the description shows none: waiting out the window is what its limits allow). After a 5xx: its Retry-After,
 * else exponential backoff with full jitter. Pure: when the wait is longer than the policy allows
 * (maxRateLimitWaitMs, maxDelayMs), it answers why, and the call then ends at once with that said.
 */
export function retryDelayMs(error: unknown, attempt: number, options: RetryOptions, operationId = ""): number | NotRetried {
  const retryAfterMs = (error as { retryAfterMs?: number }).retryAfterMs;
  if (error instanceof RateLimitError) {
    const waitMs = retryAfterMs ?? (Object.hasOwn(operationIndex, operationId) ? documentedPeriodMs(operationId as OperationId) : LONGEST_DOCUMENTED_PERIOD_MS);
    if (waitMs <= options.maxRateLimitWaitMs) return waitMs;
    const why = retryAfterMs !== undefined ? "the server's Retry-After" : `the documented period of ${operationId}'s rate limit`;
    return { notRetried: `${why} asks for a wait of ${seconds(waitMs)}, longer than retry.maxRateLimitWaitMs (${seconds(options.maxRateLimitWaitMs)})` };
  }
  if (retryAfterMs !== undefined) {
    if (retryAfterMs <= options.maxDelayMs) return retryAfterMs;
    return { notRetried: `the server's Retry-After asks for a wait of ${seconds(retryAfterMs)}, longer than retry.maxDelayMs (${seconds(options.maxDelayMs)})` };
  }
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(options.random() * ceiling);
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;


export type RetryContext = {
  policy: RetryOptions;
  /** The operation called, for its documented rate-limit period. */
  operationId?: string;
  stateChanging: boolean;
  signal?: AbortSignal | undefined;
  /** Before each wait: the failure, the attempt that failed, the wait, and why. */
  beforeWait?: (failure: unknown, attempt: number, delayMs: number, reason: RetryReason) => void;
};

/**
 * The attempts of one call, numbered from 1 by one counter that the hooks, the span and the last
 * error all read. After a failure: another attempt when the policy allows one (retryable, within
 * `policy.attempts`, a wait it accepts), else the failure. One exception: the transport's resend
 * rule (`mayResend`) sends a read-only attempt whose connection closed before its answer again at
 * once, once per call, without spending one of `policy.attempts`; the hooks hear it as
 * "connection-closed".
 */
export async function withRetries<T>(send: (attempt: number) => Promise<T>, { policy, operationId, stateChanging, signal, beforeWait }: RetryContext): Promise<T> {
  const started = Date.now();
  let allowed = policy.attempts;
  for (let attempt = 1; ; attempt++) {
    try {
      return await send(attempt);
    } catch (failure) {
      const end = () => (attempt > 1 ? afterAttempts(failure, attempt, Date.now() - started) : failure);
      if (signal?.aborted) throw end();
      if (allowed === policy.attempts && mayResend(failure, !stateChanging)) {
        allowed++;
        beforeWait?.(failure, attempt, 0, "connection-closed");
        continue;
      }
      if (attempt >= allowed || !isRetryable(failure, stateChanging, policy)) throw end();
      const delayMs = retryDelayMs(failure, attempt, policy, operationId);
      if (typeof delayMs !== "number") throw notRetried(failure, delayMs);
      beforeWait?.(failure, attempt, delayMs, retryReason(failure));
      await sleep(delayMs, signal);
    }
  }
}

/** The call's error, retold saying why the retry it was owed did not happen. */
function notRetried(failure: unknown, { notRetried: why }: NotRetried): unknown {
  return failure instanceof TxcApiError ? retold(failure, `. Not retried: ${why}`) : failure;
}

/** The last error of a retried call, retold saying how many attempts were made and over how long. */
function afterAttempts(failure: unknown, attempts: number, elapsedMs: number): unknown {
  if (!(failure instanceof TxcApiError)) return failure;
  return retold(failure, ` (${attempts} attempts in ${(elapsedMs / 1000).toFixed(1)} s; this was the last)`, { attempts, elapsedMs });
}
