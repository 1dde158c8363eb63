// Retries against a loopback server that answers a scripted sequence: counts, fresh nonces and
// signatures, and no blind retry of a state-changing call.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, RateLimitError, ServerError, TimeoutError, type ClientOptions } from "../../src/index.js";
import { startVerifyingServer, type Answer, type VerifyingServer } from "../helpers/verifying-server.js";
import { operationIndex } from "../../generated/operations.js";
import { startSandbox } from "../../src/sandbox-entry.js";

const apiKey = "retry-key";
const apiSecret = "retry-secret";
const balance = { BTC: { main_balance: "1" } };
const code = { message: "ok", ticker: "USDT", amount: "25", external_id: "8e2f6a1c-3b4d-4e5f-9a0b-7c6d5e4f3a2b" };
const privateError = (status: number) => ({ status, body: { code: status, message: "scripted", errors: {} } });
let server: VerifyingServer;

beforeAll(async () => {
  server = await startVerifyingServer({ [apiKey]: apiSecret }, () => ({ status: 200, body: balance }));
});
afterAll(() => server?.close());

/** Answers the scripted statuses in turn, then `last` for every further request. */
function script(answers: Answer[], last: Answer) {
  const start = server.received.length;
  server.respondWith((_received, index) => answers[index - start] ?? last);
  return () => server.received.slice(start);
}

const fastRetry = { baseDelayMs: 1, maxDelayMs: 5 };
const client = (options: Partial<ClientOptions> = {}) =>
  createClient({ baseUrl: server.baseUrl, apiKey, apiSecret, retry: fastRetry, ...options });

function expectFreshlySigned(sent: { body: { nonce: string }; headers: Record<string, unknown>; signatureProblem: string | null }[]) {
  expect(sent.every((r) => r.signatureProblem === null)).toBe(true);
  expect(new Set(sent.map((r) => r.body.nonce)).size).toBe(sent.length);
  expect(new Set(sent.map((r) => r.headers["x-txc-signature"])).size).toBe(sent.length);
}

describe("retries", () => {
  it("retries a read-only call on 429 and 500, each attempt with a fresh nonce and signature", async () => {
    const sent = script([{ status: 429, body: { code: 429, message: "slow", errors: {} }, headers: { "Retry-After": "0" } }, privateError(500)], { status: 200, body: balance });
    expect(await client().getMainBalance()).toEqual(balance);
    expect(sent()).toHaveLength(3);
    expectFreshlySigned(sent() as never);
  });

  it("retries a read-only call that timed out", async () => {
    // The first answer comes long after the timeout; the retry's answer has the whole timeout,
    // however busy the machine.
    const sent = script([{ status: 200, body: balance, delayMs: 60_000 }], { status: 200, body: balance });
    expect(await client({ timeoutMs: 2000 }).getMainBalance()).toEqual(balance);
    expect(sent()).toHaveLength(2);
    expectFreshlySigned(sent() as never);
  });

  it("gives up after the configured attempts with the last error", async () => {
    const sent = script([], privateError(503));
    const failure = client({ retry: { ...fastRetry, attempts: 4 } }).getMainBalance();
    await expect(failure).rejects.toBeInstanceOf(ServerError);
    await expect(failure).rejects.toMatchObject({ status: 503 });
    expect(sent()).toHaveLength(4);
  });

  it("does not retry a state-changing call on 500", async () => {
    const sent = script([privateError(500)], { status: 200, body: code });
    await expect(client().applyCode({ code: "C" })).rejects.toBeInstanceOf(ServerError);
    expect(sent()).toHaveLength(1);
  });

  it("does not retry a state-changing call that timed out", async () => {
    const sent = script([{ status: 200, body: code, delayMs: 60_000 }], { status: 200, body: code });
    await expect(client({ timeoutMs: 1000 }).applyCode({ code: "C" })).rejects.toBeInstanceOf(TimeoutError);
    expect(sent()).toHaveLength(1);
  });

  it("retries a state-changing call on 500 when the caller opts in", async () => {
    const sent = script([privateError(500)], { status: 200, body: code });
    expect(await client({ retry: { ...fastRetry, retryStateChanging: true } }).applyCode({ code: "C" })).toEqual(code);
    expect(sent()).toHaveLength(2);
    expectFreshlySigned(sent() as never);
  });

  it("retries a state-changing call on 429: the server did not act on it", async () => {
    const sent = script([{ status: 429, body: { code: 429, message: "slow", errors: {} }, headers: { "Retry-After": "0" } }], { status: 200, body: code });
    expect(await client().applyCode({ code: "C" })).toEqual(code);
    expect(sent()).toHaveLength(2);
  });

  it("a 429 without Retry-After waits the operation's documented period by default, not a backoff of milliseconds", async () => {
    const sent = script([{ status: 429, body: { code: 429, message: "slow", errors: {} } }], { status: 200, body: balance });
    const stop = new AbortController();
    const waits: number[] = [];
    const failure = createClient({ baseUrl: server.baseUrl, apiKey, apiSecret, hooks: { onRetry: (event) => void (waits.push(event.retryInMs!), stop.abort()) } })
      .getMainBalance({}, { signal: stop.signal }).catch((error) => error);
    expect(await failure).toBe(stop.signal.reason);
    expect(waits).toEqual([operationIndex.getMainBalance.rateLimits[0]!.periodSeconds * 1000]);
    expect(sent()).toHaveLength(1);
  });

  it("honours Retry-After instead of its own backoff", async () => {
    // With this backoff the second attempt would wait about a minute and the test would time out.
    const slowBackoff = { attempts: 2, baseDelayMs: 60_000, maxDelayMs: 60_000, random: () => 0.999 };
    const sent = script([{ status: 429, body: { code: 429, message: "slow", errors: {} }, headers: { "Retry-After": "0" } }], { status: 200, body: balance });
    expect(await client({ retry: slowBackoff }).getMainBalance()).toEqual(balance);
    expect(sent()).toHaveLength(2);
  });

  it("reports Retry-After on the error when attempts run out", async () => {
    script([], { status: 429, body: { code: 429, message: "slow", errors: {} }, headers: { "Retry-After": "7" } });
    const failure = client({ retry: false }).getMainBalance();
    await expect(failure).rejects.toBeInstanceOf(RateLimitError);
    await expect(failure).rejects.toMatchObject({ retryAfterMs: 7000 });
  });

  it("stops at once when the caller aborts, without retrying", async () => {
    const sent = script([], { status: 200, body: balance, delayMs: 60_000 });
    const controller = new AbortController();
    const failure = client().getMainBalance(undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("caller gave up")), 100);
    await expect(failure).rejects.toThrow("caller gave up");
    expect(sent()).toHaveLength(1);
  });
});

describe("the default retry against the API's own limit (the sandbox, whose 429 says when the window frees)", () => {
  it("the call after the documented window's worth is answered once the window has room again, not given up in a fraction of a second", async () => {
    const sandbox = await startSandbox();
    try {
      const [limit] = operationIndex.getMainBalance.rateLimits;
      const unlimited = createClient({ baseUrl: sandbox.url, ...sandbox.keys.partner, retry: false });
      // Spend the window: the limit's worth of calls, 32 at a time.
      for (let sent = 0; sent < limit!.requests; sent += 32) await Promise.all(Array.from({ length: Math.min(32, limit!.requests - sent) }, () => unlimited.getMainBalance()));
      const refused = await unlimited.getMainBalance().catch((error) => error);
      expect(refused).toBeInstanceOf(RateLimitError);
      // Retry-After: whole seconds until the window's oldest call leaves it, within the documented period.
      expect(refused.retryAfterMs % 1000).toBe(0);
      expect(refused.retryAfterMs).toBeGreaterThan(0);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(limit!.periodSeconds * 1000);
      const retried: number[] = [];
      const patient = createClient({ baseUrl: sandbox.url, ...sandbox.keys.partner, hooks: { onRetry: (event) => void retried.push(event.retryInMs!) } });
      expect(await patient.getMainBalance()).toMatchObject({ BTC: expect.any(Object) });
      // The patient call met the full window once and waited what its Retry-After asked, then was answered.
      expect(retried).toHaveLength(1);
      expect(retried[0]).toBeLessThanOrEqual(limit!.periodSeconds * 1000);
      expect(sandbox.calls.filter((call) => call.status === 429)).toHaveLength(2);
    } finally {
      await sandbox.close();
    }
  });
});
