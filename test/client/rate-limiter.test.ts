// The client-side limiter holds the documented limits per scope and 10-second window.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createClient, RateLimiter } from "../../src/index.js";

afterEach(() => {
  vi.useRealTimers();
});

async function settled(promises: Promise<unknown>[]): Promise<number> {
  let done = 0;
  promises.forEach((p) => p.then(() => done++));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe("RateLimiter", () => {
  it("lets 1,000 main-account calls through per 10 seconds and queues the rest", async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const limiter = new RateLimiter();
    const calls = Array.from({ length: 1500 }, (_, i) => limiter.acquire(i % 2 ? "getMainBalance" : "applyCode"));
    expect(await settled(calls)).toBe(1000);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(await settled(calls)).toBe(1000);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(calls)).toBe(1500);
  });

  it("says what it holds: stats() by scope, and queuedMs in the hooks of a call that waited", async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const limiter = new RateLimiter();
    expect(limiter.stats()).toEqual({});
    const calls = Array.from({ length: 1003 }, () => limiter.acquire("getMainBalance"));
    await settled(calls);
    await vi.advanceTimersByTimeAsync(2_500);
    expect(limiter.stats()).toEqual({ "/api/v4/main-account/*": { queued: 3, oldestWaitMs: 2_500 } });
    await vi.advanceTimersByTimeAsync(7_500);
    expect(await settled(calls)).toBe(1003);
    expect(limiter.stats()).toEqual({});

    const queued: number[] = [];
    const fetch = async () => new Response(JSON.stringify({ BTC: { main_balance: "1" } }), { status: 200, headers: { "Content-Type": "application/json" } });
    const shared = new RateLimiter();
    const client = createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", apiSecret: "s", rateLimit: shared, fetch, hooks: { onRequest: (event) => void queued.push(event.queuedMs) } });
    await client.getMainBalance(); // its validators loaded, one slot taken
    await settled(Array.from({ length: 999 }, () => shared.acquire("getMainBalance")));
    const waiting = client.getMainBalance();
    await vi.advanceTimersByTimeAsync(10_000);
    await waiting;
    expect(queued).toHaveLength(2);
    expect(queued[0]).toBe(0);
    expect(queued[1]).toBeGreaterThanOrEqual(9_000);
  });

  it("counts the investments history against both its own limit and the main-account scope", async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const limiter = new RateLimiter();
    const history = Array.from({ length: 600 }, () => limiter.acquire("getInvestmentsHistory"));
    const balance = Array.from({ length: 600 }, () => limiter.acquire("getMainBalance"));
    expect(await settled(history)).toBe(600);
    expect(await settled(balance)).toBe(400);
  });

  it("keeps scopes apart and passes operations without documented limits straight through", async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const limiter = new RateLimiter();
    const main = Array.from({ length: 1001 }, () => limiter.acquire("getMainBalance"));
    const ping = Array.from({ length: 100 }, () => limiter.acquire("ping"));
    const mining = Array.from({ length: 5000 }, () => limiter.acquire("getMiningPayoutDestination"));
    expect(await settled(main)).toBe(1000);
    expect(await settled(ping)).toBe(100);
    expect(await settled(mining)).toBe(5000);
  });

  it("queues a busy client instead of letting it meet 429", async () => {
    let sent = 0;
    const fetch: typeof globalThis.fetch = async () => {
      sent++;
      return new Response('{"BTC":{"main_balance":"1"}}', { status: 200, headers: { "Content-Type": "application/json" } });
    };
    // The operation's validators load on its first call (a file read, which fake timers do not wait for).
    await createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", apiSecret: "s", fetch }).getMainBalance();
    sent = 0;
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const client = createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", apiSecret: "s", rateLimit: true, fetch });
    const calls = Array.from({ length: 1200 }, () => client.getMainBalance());
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toBe(1000);
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all(calls);
    expect(sent).toBe(1200);
  });
});
