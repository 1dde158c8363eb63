// One key, many calls at once, against the real sandbox process, which refuses a nonce that is
// not greater than the last it accepted: every call answered, counted at the sandbox's call log.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createClient } from "../../src/index.js";
import { createSignedFetchClient } from "../../src/openapi-fetch.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { resetSandbox, startSandbox, type Sandbox } from "../helpers/sandbox.js";
import { startJitterRelay } from "../helpers/jitter-relay.js";

const partner = { apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret };
const plan = "5c4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f";
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox(["--no-rate-limits"]);
});
afterAll(async () => {
  await sandbox?.stop();
});
beforeEach(async () => {
  await resetSandbox(sandbox);
});

type Call = { operationId: string | null; apiKey?: string; status: number; fields?: { nonce?: string } };
const received = async (): Promise<Call[]> => (await fetch(`${sandbox.baseUrl}/sandbox/calls`)).json();
const client = () => createClient({ baseUrl: sandbox.baseUrl, ...partner, retry: false });

async function rounds(count: number, callsOfRound: () => Promise<unknown>[]) {
  let made = 0;
  for (let round = 0; round < count; round++) {
    const calls = callsOfRound();
    made += calls.length;
    const outcomes = await Promise.allSettled(calls);
    const refused = outcomes.filter((outcome) => outcome.status === "rejected").map((outcome) => String((outcome as PromiseRejectedResult).reason));
    expect(refused).toEqual([]);
  }
  return made;
}

describe("one key, many calls in flight", () => {
  it("an aborted call whose answer is late breaks nothing: bursts of 50 and 100 after it, and with timeouts, every other call 200, nonces in order", async () => {
    const fault = await fetch(`${sandbox.baseUrl}/sandbox/faults`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ operationId: "getMainBalance", delayMs: 5000 }) });
    expect(fault.status).toBe(200);
    const one = client();
    await expect(one.getMainBalance({}, { signal: AbortSignal.timeout(200) })).rejects.toMatchObject({ name: "TimeoutError" });
    let made = 1;
    for (const size of [50, 50, 100, 100]) made += await rounds(1, () => Array.from({ length: size }, () => one.getMainBalance()));
    // Bursts where every tenth call times out at once: those may or may not be sent; all others are answered.
    for (let round = 0; round < 3; round++) {
      const calls = Array.from({ length: 60 }, (_, i) => (i % 10 === 3 ? one.getMainBalance({}, { signal: AbortSignal.timeout(1) }).then(() => "answered", () => "timed out") : one.getMainBalance().then(() => "answered")));
      made += calls.length;
      const outcomes = await Promise.allSettled(calls);
      expect(outcomes.filter((outcome) => outcome.status === "rejected")).toEqual([]);
    }
    const calls = (await received()).slice(1);
    expect(calls.filter((call) => call.status !== 200)).toEqual([]);
    expect(calls.length).toBeLessThanOrEqual(made * 1.05);
    const nonces = calls.map((call) => Number(call.fields?.nonce));
    expect(nonces).toEqual([...nonces].sort((a, b) => a - b));
  });

  it("one client, 32 in flight, 20 rounds: every call answered 200, at most 5% more requests than calls", async () => {
    const one = client();
    const made = await rounds(20, () => Array.from({ length: 32 }, () => one.getMainBalance()));
    const calls = await received();
    expect(calls.every((call) => call.status === 200)).toBe(true);
    expect(calls.length).toBeGreaterThanOrEqual(made);
    expect(calls.length).toBeLessThanOrEqual(made * 1.05);
    // They arrived in the order of their nonces.
    const nonces = calls.map((call) => Number(call.fields?.nonce));
    expect(nonces).toEqual([...nonces].sort((a, b) => a - b));
  });

  it("across a network whose paths differ (a relay that delays each connection its own time): still every call 200", async () => {
    const relay = await startJitterRelay({ host: "127.0.0.1", port: Number(new URL(sandbox.baseUrl).port) });
    try {
      const one = createClient({ baseUrl: relay.baseUrl, ...partner, retry: false });
      const made = await rounds(10, () => Array.from({ length: 32 }, () => one.getMainBalance()));
      const calls = await received();
      expect(calls.filter((call) => call.status !== 200)).toEqual([]);
      expect(calls.length).toBeLessThanOrEqual(made * 1.05);
    } finally {
      await relay.close();
    }
  });

  it("two clients of one key at once, 16 in flight each: every call answered", async () => {
    const [a, b] = [client(), client()];
    const made = await rounds(10, () => [...Array.from({ length: 16 }, () => a.getMainBalance()), ...Array.from({ length: 16 }, () => b.getFundingHistory())]);
    const calls = await received();
    expect(calls.filter((call) => call.status !== 200)).toEqual([]);
    expect(calls.length).toBeLessThanOrEqual(made * 1.05);
  });

  it("a mix of operations, state-changing ones among them: each state-changing call reaches the sandbox once", async () => {
    const one = client();
    let changes = 0;
    const made = await rounds(10, () =>
      Array.from({ length: 32 }, (_, i) => {
        if (i % 8 === 0) return (changes++, one.updateFlexAutoReinvestment({ plan, enabled: i % 16 === 0 }));
        if (i % 3 === 0) return one.getInvestmentsHistory({ limit: 5 });
        return i % 2 ? one.getMainBalance({ ticker: "BTC" }) : one.getFundingHistory({ limit: 3 });
      }));
    const calls = await received();
    expect(calls.filter((call) => call.status !== 200)).toEqual([]);
    expect(calls.filter((call) => call.operationId === "updateFlexAutoReinvestment")).toHaveLength(changes);
    expect(calls.length).toBeLessThanOrEqual(made * 1.05);
  });

  it("txc-api/openapi-fetch's client too: 32 in flight, every call answered 200", async () => {
    const fetchClient = createSignedFetchClient({ baseUrl: sandbox.baseUrl, ...partner });
    await rounds(10, () =>
      Array.from({ length: 32 }, async () => {
        const { response } = await fetchClient.POST("/api/v4/main-account/balance", { body: {} as never });
        if (response.status !== 200) throw new Error(`answered ${response.status}`);
      }));
    expect((await received()).filter((call) => call.status !== 200)).toEqual([]);
  });

  it("a 401 of a key whose nonces this process kept in order points outside the process", async () => {
    // Another process (here: a request signed by hand) took a nonce far ahead.
    const ahead = String(Date.now() + 60_000);
    const { signRequest } = await import("../../src/index.js");
    const signed = signRequest({ path: "/api/v4/main-account/balance", ...partner, nonce: ahead });
    expect((await fetch(`${sandbox.baseUrl}/api/v4/main-account/balance`, { method: "POST", headers: signed.headers, body: signed.body })).status).toBe(200);
    const failure = await client().getMainBalance().catch((error) => error);
    expect(failure.status).toBe(401);
    expect(failure.message).toContain("another process or an earlier run may have used a higher nonce with the same key");
    expect(failure.message).toContain("docs/troubleshooting.md: one key in several processes");
  });
});
