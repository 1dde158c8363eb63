// The retry policy as pure functions: which failures are retried, how long to wait, and what a
// Retry-After header means.
import { describe, expect, it } from "vitest";
import { isRetryable, retryDelayMs, defaultRetryOptions } from "../../src/client/retry.js";
import { MAX_TIMER_MS, parseRetryAfter } from "../../src/rate-limits/waiting.js";
import { BadRequestError, NetworkError, RateLimitError, ServerError, TimeoutError } from "../../src/errors/index.js";
import { operationIndex } from "../../generated/operations.js";

const policy = { ...defaultRetryOptions, random: () => 0.5 };
const tlsFailure = new NetworkError("getMainBalance", Object.assign(new Error("self-signed"), { code: "DEPTH_ZERO_SELF_SIGNED_CERT" }));
const reset = new NetworkError("getMainBalance", Object.assign(new Error("reset"), { code: "ECONNRESET" }));

describe("isRetryable", () => {
  it.each([
    ["a 429", new RateLimitError("applyCode", {}, undefined), false, true],
    ["a 429 of a state-changing call", new RateLimitError("applyCode", {}, undefined), true, true],
    ["a 5xx", new ServerError("getMainBalance", 503, {}, undefined), false, true],
    ["a 5xx of a state-changing call", new ServerError("applyCode", 503, {}, undefined), true, false],
    ["a timeout", new TimeoutError("getMainBalance", 10), false, true],
    ["a timeout of a state-changing call", new TimeoutError("refundDeposit", 10, true), true, false],
    ["a reset connection", reset, false, true],
    ["a TLS failure", tlsFailure, false, false],
    ["a 400", new BadRequestError("getMainBalance", {}), false, false],
    ["a plain error", new Error("bug"), false, false],
  ])("%s: %s", (_name, error, stateChanging, expected) => {
    expect(isRetryable(error, stateChanging, policy)).toBe(expected);
  });

  it("retries a state-changing call's 5xx only when retryStateChanging says so", () => {
    expect(isRetryable(new ServerError("applyCode", 500, {}, undefined), true, { ...policy, retryStateChanging: true })).toBe(true);
  });
});

describe("retryDelayMs", () => {
  it("backs off exponentially with full jitter under maxDelayMs", () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(new Error(), attempt, policy))).toEqual([125, 250, 500, 1000]);
    expect(retryDelayMs(new Error(), 30, policy)).toBe(policy.maxDelayMs / 2);
    expect(retryDelayMs(new Error(), 3, { ...policy, random: () => 0 })).toBe(0);
  });

  it("after a 5xx, waits what Retry-After asked, and gives up when that is longer than maxDelayMs, saying why, the error untouched", () => {
    expect(retryDelayMs(new ServerError("ping", 503, {}, 2_000), 1, policy)).toBe(2_000);
    const tooLong = new ServerError("ping", 503, {}, policy.maxDelayMs + 1000);
    expect(retryDelayMs(tooLong, 1, policy)).toEqual({ notRetried: "the server's Retry-After asks for a wait of 9 s, longer than retry.maxDelayMs (8 s)" });
    expect(tooLong.message).toBe("ping: 503 Server error");
  });

  it("after a 429, waits its Retry-After, or without one the operation's documented period; longer than maxRateLimitWaitMs ends the call, saying why", () => {
    expect(retryDelayMs(new RateLimitError("getMainBalance", {}, 2_000), 1, policy, "getMainBalance")).toBe(2_000);
    const periodMs = operationIndex.getMainBalance.rateLimits[0]!.periodSeconds * 1000;
    expect(retryDelayMs(new RateLimitError("getMainBalance", {}, undefined), 1, policy, "getMainBalance")).toBe(periodMs);
    expect(policy.maxRateLimitWaitMs).toBe(Math.max(...Object.values(operationIndex).flatMap((op) => op.rateLimits.map((limit) => limit.periodSeconds * 1000))));
    const long = new RateLimitError("getMainBalance", { message: "Too many requests." }, 120_000);
    expect(retryDelayMs(long, 1, policy, "getMainBalance")).toEqual({ notRetried: `the server's Retry-After asks for a wait of 120 s, longer than retry.maxRateLimitWaitMs (${policy.maxRateLimitWaitMs / 1000} s)` });
    const strict = new RateLimitError("getMainBalance", {}, undefined);
    expect(retryDelayMs(strict, 1, { ...policy, maxRateLimitWaitMs: 1_000 }, "getMainBalance")).toEqual({
      notRetried: `the documented period of getMainBalance's rate limit asks for a wait of ${periodMs / 1000} s, longer than retry.maxRateLimitWaitMs (1 s)`,
    });
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-11-23T12:00:00Z");
  it.each([
    ["3", 3_000],
    [" 0 ", 0],
    ["Mon, 23 Nov 2026 12:00:05 GMT", 5_000],
    ["Mon, 23 Nov 2026 11:59:00 GMT", 0],
    [String(Math.floor(MAX_TIMER_MS / 1000)), Math.floor(MAX_TIMER_MS / 1000) * 1000],
  ])("reads %j as %d ms", (header, ms) => {
    expect(parseRetryAfter(header, now)).toBe(ms);
  });

  it.each([null, "", "-1", "1.5", "soon", "99999999999", String(Math.ceil(MAX_TIMER_MS / 1000) + 1), "Mon, 99 Foo 2026"])("ignores %j", (header) => {
    expect(parseRetryAfter(header, now)).toBeUndefined();
  });
});
