import type { RetryOptions } from "./retry.js";
import { MAX_TIMER_MS } from "../rate-limits/waiting.js";
import { OptionsError } from "../errors/options.js";

const between = (name: string, value: unknown, min: number, max: number) => {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new OptionsError(`${name} must be an integer from ${min} to ${max} (got ${typeof value === "number" ? value : typeof value})`);
  }
};

/** Checks the numbers of the client's options once, when it is created, naming the option and the rule. */
export function checkOptions(timeoutMs: number, maxResponseBytes: number, retry: RetryOptions) {
  between("timeoutMs", timeoutMs, 1, MAX_TIMER_MS);
  between("maxResponseBytes", maxResponseBytes, 1, 2 ** 32);
  between("retry.attempts", retry.attempts, 1, 100);
  between("retry.baseDelayMs", retry.baseDelayMs, 0, MAX_TIMER_MS);
  between("retry.maxDelayMs", retry.maxDelayMs, 0, MAX_TIMER_MS);
  between("retry.maxRateLimitWaitMs", retry.maxRateLimitWaitMs, 0, MAX_TIMER_MS);
}

/** A fetch of one's own chooses its own connections: with a dispatcher too, which one sends? */
export function checkTransportChoice(options: { fetch?: unknown; dispatcher?: unknown }) {
  if (options.fetch && options.dispatcher) throw new OptionsError("give fetch or dispatcher, not both: a fetch of your own chooses its own connections");
}
