// Waiting as the documented rate limits ask: the Retry-After an answer names, and a sleep a signal
// can cut short. The client's retries and the tester's quiet windows both wait with these.

/** The longest timer Node and browsers keep: 2^31 - 1 ms (about 24.8 days). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Retry-After as milliseconds: delay-seconds (digits only) or an HTTP date. Anything else, a
 * negative or fractional number, or a delay no timer can hold is ignored (undefined).
 */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  const ms = /^\d{1,10}$/.test(value) ? Number(value) * 1000 : /^[A-Za-z]{3}, /.test(value) ? Date.parse(value) - now : NaN;
  if (Number.isNaN(ms) || ms > MAX_TIMER_MS) return undefined;
  return Math.max(0, ms);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
