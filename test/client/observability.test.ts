// Seeing what the client did, against real loopback servers: hooks on a 429-then-200 exchange,
// a hook that throws, redaction, the debug log of a process of its own, and OpenTelemetry spans
// through the SDK's in-memory exporter.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createClient, RateLimitError, ServerError, type AttemptEvent } from "../../src/index.js";
import { startHostile, type Hostile } from "../helpers/hostile-server.js";
import { root } from "../helpers/project.js";

const apiSecret = "observed-secret-never-shown";
const keys = { apiKey: "observed-key", apiSecret };
const balance = { BTC: { main_balance: "1" } };
const started: Hostile[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
});

/** Answers 429 (Retry-After: 0) to the first `refusals` requests, then the balance. */
async function rateLimitedThenOk(refusals = 1) {
  let seen = 0;
  const server = await startHostile((_, response) => {
    if (seen++ < refusals) {
      response.writeHead(429, { "Content-Type": "application/json", "Retry-After": "0" });
      return response.end(JSON.stringify({ code: 0, message: "Too many requests", errors: {} }));
    }
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify(balance));
  });
  started.push(server);
  return server;
}

function recorder() {
  const events: [string, AttemptEvent][] = [];
  const hooks = {
    onRequest: (event: AttemptEvent) => void events.push(["request", { ...event }]),
    onResponse: (event: AttemptEvent) => void events.push(["response", { ...event }]),
    onRetry: (event: AttemptEvent) => void events.push(["retry", { ...event }]),
    onError: (event: AttemptEvent) => void events.push(["error", { ...event }]),
  };
  return { events, hooks };
}

describe("hooks", () => {
  it("a 429 then a 200: each attempt's request and answer, the retry between, with the named fields", async () => {
    const server = await rateLimitedThenOk();
    const { events, hooks } = recorder();
    const client = createClient({ baseUrl: server.baseUrl, ...keys, hooks, retry: { attempts: 3 } });
    expect(await client.getMainBalance({ ticker: "BTC" })).toEqual(balance);
    expect(events.map(([kind, event]) => `${kind} ${event.attempt}`)).toEqual(["request 1", "response 1", "retry 1", "request 2", "response 2"]);
    const [, request] = events[0]!;
    expect(request).toMatchObject({ operationId: "getMainBalance", attempt: 1, method: "POST", url: `${server.baseUrl}/api/v4/main-account/balance`, queuedMs: 0 });
    expect(request.nonce).toMatch(/^\d+$/);
    expect(request.bodyBytes).toBe(Buffer.byteLength(JSON.stringify({ ticker: "BTC", request: "/api/v4/main-account/balance", nonce: request.nonce })));
    expect(events[1]![1]).toMatchObject({ status: 429 });
    expect(events[1]![1].durationMs).toBeGreaterThanOrEqual(0);
    expect(events[2]![1]).toMatchObject({ reason: "429", retryInMs: 0 });
    expect(events[2]![1].error).toBeInstanceOf(RateLimitError);
    expect(events[4]![1]).toMatchObject({ status: 200, attempt: 2 });
    expect(events[3]![1].nonce).not.toBe(request.nonce);
  });

  it("redacts: the payload and the signature as their length only, and never the secret", async () => {
    const server = await rateLimitedThenOk(0);
    const { events, hooks } = recorder();
    await createClient({ baseUrl: server.baseUrl, ...keys, hooks }).getMainBalance();
    const { headers } = events[0]![1];
    expect(headers["X-TXC-APIKEY"]).toBe("observed-key");
    expect(headers["X-TXC-PAYLOAD"]).toMatch(/^\(\d+ characters\)$/);
    expect(headers["X-TXC-SIGNATURE"]).toBe("(128 characters)");
    expect(JSON.stringify(events)).not.toContain(apiSecret);
  });

  it("onError once per failed call, not per attempt; onRetry before each wait", async () => {
    const server = await startHostile((_, response) => {
      response.writeHead(500, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ code: 0, message: "down", errors: {} }));
    });
    started.push(server);
    const { events, hooks } = recorder();
    const failure = await createClient({ baseUrl: server.baseUrl, ...keys, hooks, retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 } }).getMainBalance().catch((error) => error);
    expect(failure).toBeInstanceOf(ServerError);
    expect(events.filter(([kind]) => kind === "retry").map(([, event]) => event.reason)).toEqual(["5xx", "5xx"]);
    const errors = events.filter(([kind]) => kind === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]![1]).toMatchObject({ attempt: 3, status: 500 });
    expect(errors[0]![1].error).toBe(failure);
  });

  it("an event a hook keeps is never changed afterwards, and a hook cannot change what the next hook sees", async () => {
    const server = await rateLimitedThenOk();
    const kept: AttemptEvent[] = [];
    const snapshots: string[] = [];
    // A throw inside a hook becomes a warning: what the hook saw is recorded and asserted after the call.
    const keep = (event: AttemptEvent) => {
      kept.push(event);
      snapshots.push(JSON.stringify(event));
    };
    await createClient({ baseUrl: server.baseUrl, ...keys, hooks: { onRequest: keep, onResponse: keep, onRetry: keep }, retry: { attempts: 3 } }).getMainBalance();
    expect(kept).toHaveLength(5);
    expect(kept.map((event) => JSON.stringify(event))).toEqual(snapshots);
    for (const event of kept) {
      expect(() => Object.assign(event, { status: 999 })).toThrow(TypeError);
      expect(() => Object.assign(event.headers, { "X-TXC-APIKEY": "changed" })).toThrow(TypeError);
    }
    expect(kept[0]).not.toHaveProperty("status");
    expect(new Set(kept).size).toBe(5);
  });

  it("a hook that throws does not break the call: one warning, however often it throws", async () => {
    const server = await rateLimitedThenOk(0);
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      const client = createClient({ baseUrl: server.baseUrl, ...keys, hooks: { onRequest: () => { throw new Error("hook bug"); } } });
      expect(await client.getMainBalance()).toEqual(balance);
      expect(await client.getMainBalance()).toEqual(balance);
      await new Promise((resolve) => setImmediate(resolve));
      const ours = warnings.filter((warning) => warning.name === "TxcHookWarning");
      expect(ours).toHaveLength(1);
      expect(ours[0]!.message).toContain("hook bug");
    } finally {
      process.off("warning", onWarning);
    }
  });
});

describe("the debug log", () => {
  const callIn = async (env: Record<string, string>, baseUrl: string) =>
    promisify(execFile)(process.execPath, ["--input-type=module", "-e", `
      import { createClient } from ${JSON.stringify(path.join(root, "dist", "bundle", "index.js"))};
      const client = createClient({ baseUrl: ${JSON.stringify(baseUrl)}, apiKey: "observed-key", apiSecret: process.env.SECRET, retry: { attempts: 3 } });
      await client.getMainBalance();
    `], { env: { PATH: process.env.PATH!, SECRET: apiSecret, ...env } });

  it.each<Record<string, string>>([{ TXC_DEBUG: "1" }, { DEBUG: "express,txc-api" }, { DEBUG: "txc-*" }])("%o: one line per attempt on stderr, redacted", async (env) => {
    const server = await rateLimitedThenOk();
    const { stderr } = await callIn(env, server.baseUrl);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT\S+ txc-api retry getMainBalance attempt 1 status 429 duration \d+ms retry-in 0ms \(429\) queued 0ms nonce \d+ body \d+B$/);
    expect(lines[1]).toMatch(/ txc-api response getMainBalance attempt 2 status 200 duration \d+ms /);
    expect(stderr).not.toContain(apiSecret);
  });

  it("is silent without TXC_DEBUG or DEBUG naming it", async () => {
    const server = await rateLimitedThenOk();
    expect((await callIn({ DEBUG: "express,-txc-api" }, server.baseUrl)).stderr).toBe("");
    expect((await callIn({ TXC_DEBUG: "0" }, server.baseUrl)).stderr).toBe("");
  });
});

describe("OpenTelemetry spans", () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  beforeAll(() => {
    trace.setGlobalTracerProvider(provider);
  });
  afterAll(async () => {
    trace.disable();
    await provider.shutdown();
  });
  afterEach(() => exporter.reset());

  it("one CLIENT span per call, named after the operation, with the HTTP conventions and an event per attempt", async () => {
    const server = await rateLimitedThenOk();
    let traceparent: string | undefined;
    const client = createClient({ baseUrl: server.baseUrl, ...keys, retry: { attempts: 3 } });
    expect(await client.getMainBalance()).toEqual(balance);
    const [span, ...others] = exporter.getFinishedSpans();
    expect(others).toEqual([]);
    expect(span!.name).toBe("getMainBalance");
    expect(span!.kind).toBe(SpanKind.CLIENT);
    const { port } = new URL(server.baseUrl);
    expect(span!.attributes).toMatchObject({
      "http.request.method": "POST", "url.full": `${server.baseUrl}/api/v4/main-account/balance`, "server.address": "127.0.0.1", "server.port": Number(port),
      "http.response.status_code": 200, "http.request.resend_count": 1, "txc.operation_id": "getMainBalance",
    });
    expect(span!.events.map((event) => [event.name, event.attributes?.["http.response.status_code"]])).toEqual([["attempt", 429], ["attempt", 200]]);
    expect(traceparent).toBeUndefined();
  });

  it("a failed call: the span's status is an error, error.type set; no traceparent sent unless asked", async () => {
    const received: (string | undefined)[] = [];
    const server = await startHostile((request, response) => {
      received.push(request.headers.traceparent as string | undefined);
      response.writeHead(500, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ code: 0, message: "down", errors: {} }));
    });
    started.push(server);
    await createClient({ baseUrl: server.baseUrl, ...keys, retry: false }).getMainBalance().catch(() => {});
    await createClient({ baseUrl: server.baseUrl, ...keys, retry: false, propagateTraceContext: true }).getMainBalance().catch(() => {});
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => [span.status.code, span.attributes["error.type"]])).toEqual([[SpanStatusCode.ERROR, "500"], [SpanStatusCode.ERROR, "500"]]);
    expect(received[0]).toBeUndefined();
    expect(received[1]).toBe(`00-${spans[1]!.spanContext().traceId}-${spans[1]!.spanContext().spanId}-01`);
  });
});
