// Rate-limit windows follow the traffic: addresses that went quiet are forgotten; a refusal says
// when the window frees.
import { expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import { MemoryRateLimits as ServerRateLimits, retryAfterSeconds } from "../../src/server/rate-limit-store.js";

it("holds no window for 10,000 addresses once their windows have expired", () => {
  let now = 1_700_000_000_000;
  const limits = new ServerRateLimits(() => now);
  for (let i = 0; i < 100_000; i++) limits.admit("getMainBalance", `10.0.${(i % 10_000) >> 8}.${(i % 10_000) & 255}`);
  expect(limits.windowsHeld).toBeGreaterThanOrEqual(10_000);
  now += 11_000;
  for (let i = 0; i < 1_000; i++) limits.admit("getMainBalance", "127.0.0.1");
  expect(limits.windowsHeld).toBe(1);
});

it("says how long until the fullest window frees: the oldest request's age taken from the documented period", () => {
  let now = 1_700_000_000_000;
  const limits = new ServerRateLimits(() => now);
  const [limit] = operationIndex.getMainBalance.rateLimits;
  expect(limits.admit("getMainBalance", "10.0.0.1")).toBe(true);
  now += 2_500;
  for (let i = 1; i < limit!.requests; i++) expect(limits.admit("getMainBalance", "10.0.0.1")).toBe(true);
  now += 500;
  expect(limits.admit("getMainBalance", "10.0.0.1")).toEqual({ admitted: false, retryAfterMs: limit!.periodSeconds * 1000 - 3_000 });
  expect(retryAfterSeconds("getMainBalance", { admitted: false, retryAfterMs: 1 })).toBe(1);
  // A store that says only false: the operation's longest documented period.
  expect(retryAfterSeconds("getMainBalance", false)).toBe(Math.max(...operationIndex.getMainBalance.rateLimits.map((l) => l.periodSeconds)));
});
