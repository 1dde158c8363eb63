// Rate-limit windows follow the traffic: addresses that went quiet are forgotten.
import { expect, it } from "vitest";
import { MemoryRateLimits as ServerRateLimits } from "../../src/server/rate-limits.js";

it("holds no window for 10,000 addresses once their windows have expired", () => {
  let now = 1_700_000_000_000;
  const limits = new ServerRateLimits(() => now);
  for (let i = 0; i < 100_000; i++) limits.admit("getMainBalance", `10.0.${(i % 10_000) >> 8}.${(i % 10_000) & 255}`);
  expect(limits.windowsHeld).toBeGreaterThanOrEqual(10_000);
  now += 11_000;
  for (let i = 0; i < 1_000; i++) limits.admit("getMainBalance", "127.0.0.1");
  expect(limits.windowsHeld).toBe(1);
});
