// The client against servers that redirect, never finish, send too much, demand absurd waits or
// print control bytes: each a real loopback server. The redirect target is another address of
// 127.0.0.0/8, standing for another origin.
import createFetchClient from "openapi-fetch";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { paths } from "../../generated/schema.js";
import {
  BadRequestError, createClient, NetworkError, RateLimitError, RateLimiter, RedirectError, ResponseTooLargeError, ServerError, signingMiddleware, TimeoutError,
} from "../../src/index.js";
import { endlessBody, kernelBufferedBytes, startHostile, tricklingBody, type Hostile } from "../helpers/hostile-server.js";

const keys = { apiKey: "hostile-key", apiSecret: "hostile-secret-never-shown" };
const started: Hostile[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
});
async function hostile(...args: Parameters<typeof startHostile>) {
  const server = await startHostile(...args);
  started.push(server);
  return server;
}
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (_: unknown, response: import("node:http").ServerResponse) => {
    response.writeHead(status, { "Content-Type": "application/json", ...headers });
    response.end(JSON.stringify(body));
  };
const balance = { BTC: { main_balance: "1" } };

async function until(condition: () => boolean, ms = 2_000) {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
  return condition();
}

describe("redirects", () => {
  it.each([301, 302, 303, 307, 308])("ends a signed call on %i, naming the status and the other origin; nothing reaches it", async (status) => {
    const other = await hostile(json(200, balance), "127.0.0.2");
    const server = await hostile((_, response) => {
      response.writeHead(status, { Location: `${other.baseUrl}/api/v4/main-account/balance` });
      response.end();
    });
    const client = createClient({ baseUrl: server.baseUrl, ...keys });
    const failure = await client.getMainBalance().catch((error) => error);
    expect(failure).toBeInstanceOf(RedirectError);
    expect(failure).toMatchObject({ status, location: other.baseUrl });
    expect(failure.message).toContain(String(status));
    expect(failure.message).toContain(other.baseUrl);
    expect(server.received).toHaveLength(1);
    expect(other.received).toEqual([]);
  });

  it("ends an unsigned call on a redirect too", async () => {
    const other = await hostile(json(200, ["pong"]), "127.0.0.2");
    const server = await hostile((_, response) => {
      response.writeHead(302, { Location: `${other.baseUrl}/api/v4/public/ping` });
      response.end();
    });
    await expect(createClient({ baseUrl: server.baseUrl }).ping()).rejects.toBeInstanceOf(RedirectError);
    expect(other.received).toEqual([]);
  });

  it("holds with the caller's own fetch", async () => {
    const other = await hostile(json(200, balance), "127.0.0.2");
    const server = await hostile((_, response) => {
      response.writeHead(307, { Location: `${other.baseUrl}/api/v4/main-account/balance` });
      response.end();
    });
    const client = createClient({ baseUrl: server.baseUrl, ...keys, fetch: (input, init) => fetch(input, init) });
    await expect(client.getMainBalance()).rejects.toBeInstanceOf(RedirectError);
    expect(other.received).toEqual([]);
  });

  it.each([302, 307])("signingMiddleware throws on %i and sends no X-TXC header to the other origin", async (status) => {
    const other = await hostile(json(200, balance), "127.0.0.2");
    const server = await hostile((_, response) => {
      response.writeHead(status, { Location: `${other.baseUrl}/api/v4/main-account/balance` });
      response.end();
    });
    const client = createFetchClient<paths>({ baseUrl: server.baseUrl });
    client.use(signingMiddleware(keys));
    const failure = await client.POST("/api/v4/main-account/balance", { body: {} as never }).catch((error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(String(failure.message)).toContain(other.baseUrl);
    expect(server.received[0].txcHeaders.length).toBe(3);
    expect(other.received).toEqual([]);
  });
});

describe("timeouts and size", () => {
  it("aborts an endless body at the timeout and closes the connection", async () => {
    const server = await hostile((_, response, write) => tricklingBody(response, write));
    const client = createClient({ baseUrl: server.baseUrl, ...keys, timeoutMs: 300, retry: false });
    await expect(client.getMainBalance()).rejects.toBeInstanceOf(TimeoutError);
    // The body never ends: a closed connection is the client's doing, and nothing is read after it.
    expect(await until(() => server.openConnections() === 0)).toBe(true);
  });

  it("times out a server that accepts and never answers", async () => {
    const server = await hostile(() => {});
    const client = createClient({ baseUrl: server.baseUrl, ...keys, timeoutMs: 200, retry: false });
    await expect(client.getMainBalance()).rejects.toBeInstanceOf(TimeoutError);
    expect(await until(() => server.openConnections() === 0)).toBe(true);
  });

  it("opens no connection once 200 timed-out calls have ended, and leaves none open", async () => {
    const server = await hostile(() => {});
    const client = createClient({ baseUrl: server.baseUrl, ...keys, timeoutMs: 300, retry: false });
    const failures = await Promise.all(Array.from({ length: 200 }, () => client.getMainBalance().catch((error) => error)));
    expect(failures.every((failure) => failure instanceof TimeoutError)).toBe(true);
    // Connections begun while calls still waited may reach the server a moment later: counted
    // once a connection of the test's own, begun after the calls ended, has been accepted.
    const acceptedWhileCalling = await server.acceptedBeforeMarker();
    expect(acceptedWhileCalling).toBeLessThanOrEqual(200);
    expect(await until(() => server.openConnections() === 0)).toBe(true);
    // Nothing begun after the calls ended either: a second marker finds no connection before it but those.
    expect(await server.acceptedBeforeMarker()).toBe(acceptedWhileCalling);
    expect(await until(() => server.openConnections() === 0)).toBe(true);
  });

  it("still answers the calls that wait beside one that timed out, and connects again afterwards", async () => {
    let requests = 0;
    const server = await hostile((request, response) => {
      if (++requests > 1) json(200, balance)(request, response); // the first one is never answered
    });
    const client = createClient({ baseUrl: server.baseUrl, ...keys, retry: false });
    const timedOut = client.getMainBalance({}, { timeoutMs: 200 }).catch((error) => error);
    await until(() => requests === 1);
    const answered = await Promise.all([client.getMainBalance(), client.getMainBalance()]);
    expect(await timedOut).toBeInstanceOf(TimeoutError);
    expect(answered).toEqual([balance, balance]);
    expect(await client.getMainBalance()).toEqual(balance);
  });

  it("ends a call whose answer is over maxResponseBytes, declared or streamed, and closes the connection", async () => {
    const declared = await hostile((_, response) => {
      response.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(100 * 1024 * 1024) });
      response.write("{");
    });
    const streamed = await hostile((_, response, write) => endlessBody(response, write));
    for (const server of [declared, streamed]) {
      const client = createClient({ baseUrl: server.baseUrl, ...keys, maxResponseBytes: 1024 * 1024, retry: false });
      const failure = await client.getMainBalance().catch((error) => error);
      expect(failure).toBeInstanceOf(ResponseTooLargeError);
      expect(failure.maxResponseBytes).toBe(1024 * 1024);
      expect(await until(() => server.openConnections() === 0)).toBe(true);
    }
    // The client read at most its 1 MiB cap; the rest is a chunk and the kernel's socket buffers.
    expect(streamed.bytesWritten()).toBeLessThanOrEqual(1024 * 1024 + 64 * 1024 + kernelBufferedBytes());
  });

  it("reports a server that closes the connection without answering as a NetworkError", async () => {
    const server = await hostile((request) => request.socket.destroy());
    const client = createClient({ baseUrl: server.baseUrl, ...keys, retry: false });
    await expect(client.getMainBalance()).rejects.toBeInstanceOf(NetworkError);
  });

  it.each([Infinity, 2 ** 31, 0, -1, 1.5, Number.NaN])("refuses timeoutMs %s when the client is created", (timeoutMs) => {
    expect(() => createClient({ baseUrl: "http://127.0.0.1:9", timeoutMs })).toThrow(/timeoutMs must be an integer from 1 to 2147483647/);
  });

  it("refuses retry delays that no timer can hold", () => {
    expect(() => createClient({ baseUrl: "http://127.0.0.1:9", retry: { maxDelayMs: 2 ** 40 } })).toThrow(/retry.maxDelayMs/);
  });
});

describe("Retry-After", () => {
  const overflow: string[] = [];
  const onWarning = (warning: Error) => overflow.push(warning.name);

  it("ends the call at once when the server asks for longer than the policy allows", async () => {
    const server = await hostile(json(429, { code: 429, message: "slow down", errors: {} }, { "Retry-After": "86400" }));
    const client = createClient({ baseUrl: server.baseUrl, ...keys, retry: { attempts: 3, maxDelayMs: 8_000 } });
    const failure = await client.getMainBalance().catch((error) => error);
    expect(failure).toBeInstanceOf(RateLimitError);
    expect(failure.retryAfterMs).toBe(86_400_000);
    expect(failure.message).toMatch(/\. Not retried: the server's Retry-After asks for a wait of 86400 s, longer than retry\.maxRateLimitWaitMs \(\d+ s\)$/);
    expect(server.received).toHaveLength(1);
  });

  it.each(["99999999999", "Fri, 31 Dec 9999 23:59:59 GMT", "-5", "0.5", "soon"])(
    "ignores Retry-After %s on a 503 and backs off as the policy says, with no timer overflow (a 429's wait is retry.test.ts's)",
    async (value) => {
      process.on("warning", onWarning);
      try {
        const server = await hostile(json(503, { code: 503, message: "busy", errors: {} }, { "Retry-After": value }));
        const client = createClient({ baseUrl: server.baseUrl, ...keys, retry: { attempts: 2, baseDelayMs: 20, maxDelayMs: 50 } });
        const failure = await client.getMainBalance().catch((error) => error);
        expect(failure).toBeInstanceOf(ServerError);
        expect(failure.retryAfterMs).toBeUndefined();
        expect(server.received).toHaveLength(2);
        expect(overflow).toEqual([]);
      } finally {
        process.off("warning", onWarning);
      }
    },
  );
});

describe("aborts while queued", () => {
  it("rejects at once, never sends the aborted call, and takes no slot of the window", async () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    try {
      const limiter = new RateLimiter();
      await Promise.all(Array.from({ length: 1000 }, () => limiter.acquire("getMainBalance")));
      let sent = 0;
      const fetch: typeof globalThis.fetch = async () => {
        sent++;
        return new Response(JSON.stringify(balance), { status: 200, headers: { "Content-Type": "application/json" } });
      };
      const client = createClient({ baseUrl: "http://127.0.0.1:9", ...keys, rateLimit: limiter, fetch });
      const controller = new AbortController();
      const queued = client.getMainBalance({}, { signal: controller.signal });
      const outcome = queued.catch((error) => error);
      let behindDone = false;
      const behind = limiter.acquire("getMainBalance").then(() => (behindDone = true));
      await vi.advanceTimersByTimeAsync(20);
      controller.abort(new Error("caller gave up"));
      await vi.advanceTimersByTimeAsync(0);
      expect((await outcome).message).toBe("caller gave up");
      expect(sent).toBe(0);
      await vi.advanceTimersByTimeAsync(10_000);
      await behind;
      expect(behindDone).toBe(true);
      // The aborted call counted nowhere: 999 more fit in the new window, and then it is full.
      const more = Array.from({ length: 1000 }, () => limiter.acquire("getMainBalance"));
      let through = 0;
      more.forEach((p) => p.then(() => through++));
      await vi.advanceTimersByTimeAsync(0);
      expect(through).toBe(999);
      expect(sent).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("pagination against a server that does not page", () => {
  it("refuses a limit below 1 before sending anything", async () => {
    const server = await hostile(json(200, { offset: 0, limit: 0, records: [] }));
    const client = createClient({ baseUrl: server.baseUrl, ...keys });
    const walk = client.paginate("getFundingHistory", { limit: 0 })[Symbol.asyncIterator]();
    await expect(walk.next()).rejects.toThrow(/limit must be an integer >= 1/);
    expect(server.received).toEqual([]);
  });

  it("stops with an error when the server ignores offset", async () => {
    const record = {
      market: "BTC_PERP", fundingTime: "1700000000", fundingRate: "0", fundingAmount: "0", positionAmount: "1",
      settlementPrice: "1", rateCalculatedTime: "1700000000",
    };
    const server = await hostile(json(200, { offset: 0, limit: 2, records: [record, record] }));
    for (const validateResponses of [true, false]) {
      const client = createClient({ baseUrl: server.baseUrl, ...keys, validateResponses });
      const seen: unknown[] = [];
      const failure = await (async () => {
        for await (const r of client.paginate("getFundingHistory", { limit: 2 })) seen.push(r);
      })().catch((error) => error);
      // With validation, the answer contradicts its request; without, the walk still stops.
      expect(failure.message).toMatch(validateResponses ? /the answer's offset is 0, not the offset of the request, 2/ : /offset 2 came back with offset 0/);
      expect(seen).toHaveLength(2);
    }
    expect(server.received).toHaveLength(4);
  });
});

describe("server text in errors", () => {
  it("escapes control characters of a server's message", async () => {
    const message = "\u001b]0;owned\u0007\u001b[2K\r10 passed, 0 failed\u202e";
    const server = await hostile(json(400, { code: 0, message, errors: { ticker: [message] } }));
    const failure = await createClient({ baseUrl: server.baseUrl, ...keys }).getMainBalance().catch((error) => error);
    expect(failure).toBeInstanceOf(BadRequestError);
    expect(failure.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
    expect(failure.message).toContain("\\u{1b}]0;owned");
    expect(failure.body.message).toBe(message);
  });
});
