// txc-api proxy: forwards every request to the upstream and its answer back unchanged, and holds
// each exchange to the document (checks.ts). It never alters, retries, re-signs or reorders.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent, request as send } from "undici";
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS } from "../client/defaults.js";
import { networkFailureWords } from "../errors/network.js";
import { printable } from "../text/printable.js";
import type { CarriedExchange, ProxyViolation } from "./traffic.js";
import { TrafficJudge } from "./traffic-judge.js";
import type { Coverage } from "../validation/coverage.js";

export type { ProxyViolation } from "./traffic.js";

export type ProxyOptions = {
  /** The server the traffic goes to: an http(s) URL, its path a prefix of every request's. */
  upstream: string;
  /** Port to listen on; 0 (the default) takes a free one. */
  port?: number;
  /** Address to listen on; default 127.0.0.1. */
  host?: string;
  /** Keys and their secrets, to verify the signatures of their requests (never printed). */
  credentials?: { apiKey: string; apiSecret: string }[];
  /** Hears each violation as it is seen. */
  onViolation?: (violation: ProxyViolation) => void;
  /** Largest request and answer body carried, as the client's cap (default 8 MiB); past it 413 or 502. */
  maxBodyBytes?: number;
  /** Whole exchange with the upstream (default 10 s, as the client's); past it 504. */
  timeoutMs?: number;
  /** Hears each exchange as it went (request and answer, when it started and how long it took), such as to record it (`txc-api proxy --har`). */
  onExchange?: (exchange: CarriedExchange, startedAt: Date, durationMs: number) => void;
};

export type Proxy = {
  /** Where it listens, such as http://127.0.0.1:PORT. */
  readonly url: string;
  /** The violations seen so far, oldest first. */
  violations(): ProxyViolation[];
  /** Each operation and check that ran, and how many of its exchanges saw a violation. */
  ran(): { operationId: string | null; check: string; exchanges: number; violations: number }[];
  /** Exchanges proxied so far. */
  exchanges(): number;
  /** How much of the document the traffic exercised: operations answered, documented statuses seen, checks run. */
  coverage(): Coverage;
  /** Stops taking requests, lets those in flight finish (at most `boundMs`), frees the port. */
  close(boundMs?: number): Promise<void>;
};

/** A setup mistake: the upstream is no http(s) URL, or the port is taken. */
export class ProxySetupError extends Error {
  override name = "ProxySetupError";
}

// Hop-by-hop headers (RFC 9110 7.6.1) are the connection's, not the message's.
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer", "host", "content-length"]);

function upstreamUrl(upstream: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(upstream);
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) {
    throw new ProxySetupError(`--upstream must be an http:// or https:// URL with no credentials, query or fragment, such as http://127.0.0.1:8080 (got ${printable(upstream, 100)})`);
  }
  return url;
}

async function readLimited(request: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const jsonAnswer = (response: ServerResponse, status: number, message: string) => {
  const text = JSON.stringify({ code: status, message, errors: {} });
  response.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), "Cache-Control": "no-store" });
  response.end(text);
};

/**
 * Starts the proxy: `{ url, violations(), ran(), close() }`. Route an application's traffic
 * through `url` and assert `expect(proxy.violations()).toEqual([])`.
 */
export async function startProxy(options: ProxyOptions): Promise<Proxy> {
  const upstream = upstreamUrl(options.upstream);
  const prefix = upstream.pathname.replace(/\/$/, "");
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // One connection to the upstream per connection of the callers: nothing pipelined, nothing reordered.
  const agent = new Agent({ pipelining: 1, keepAliveTimeout: 4_000 });
  const judge = new TrafficJudge(new Map((options.credentials ?? []).map(({ apiKey, apiSecret }) => [apiKey, apiSecret])), options.onViolation);
  const report = (violation: ProxyViolation) => judge.report(violation);
  let exchanges = 0;

  async function forward(request: IncomingMessage, response: ServerResponse) {
    const target = request.url ?? "/";
    const path = target.split("?")[0]!;
    const method = request.method ?? "GET";
    const [startedAt, started] = [new Date(), performance.now()];
    const body = await readLimited(request, maxBodyBytes);
    if (!body) {
      jsonAnswer(response, 413, `txc-api proxy: the request body is larger than ${maxBodyBytes} bytes; it was not forwarded`);
      report({ operationId: null, check: "upstream", message: "request body over the proxy's cap: not forwarded", method, path, status: 413 });
      return;
    }
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(request.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    const exchange: CarriedExchange = { method, path, headers: request.headers, body };
    try {
      const answer = await send(new URL(prefix + target, upstream.origin), {
        method: method as "POST", headers, body: method === "GET" || method === "HEAD" ? undefined : body, dispatcher: agent,
        headersTimeout: timeoutMs, bodyTimeout: timeoutMs,
      });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of answer.body) {
        size += (chunk as Buffer).length;
        if (size > maxBodyBytes) throw new Error(`the upstream's answer is larger than ${maxBodyBytes} bytes`);
        chunks.push(chunk as Buffer);
      }
      const bytes = Buffer.concat(chunks);
      const passed: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) passed[name] = value;
      passed["content-length"] = String(bytes.length);
      response.writeHead(answer.statusCode, passed);
      response.end(bytes);
      exchange.answer = { status: answer.statusCode, contentType: String(answer.headers["content-type"] ?? ""), body: bytes, headers: passed };
    } catch (error) {
      const why = error instanceof Error && /larger than/.test(error.message) ? error.message : networkFailureWords(error);
      jsonAnswer(response, 502, `txc-api proxy: no answer from the upstream ${upstream.origin}: ${why}`);
      report({ operationId: null, check: "upstream", message: why, method, path, status: 502 });
    }
    options.onExchange?.(exchange, startedAt, performance.now() - started);
    await judge.judge(exchange);
  }

  const inFlight = new Set<Promise<void>>();
  const server: Server = createServer((request, response) => {
    exchanges++;
    const done = forward(request, response).catch((error) => {
      if (!response.headersSent) jsonAnswer(response, 500, `txc-api proxy failed: ${(error as Error)?.message}`);
      else response.destroy();
    });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(new ProxySetupError(error.code === "EADDRINUSE" ? `port ${options.port} is taken on ${options.host ?? "127.0.0.1"}: choose another with --port, or 0 for a free one` : `cannot listen on ${options.host ?? "127.0.0.1"}:${options.port ?? 0}: ${error.message}`)));
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = (options.host ?? "127.0.0.1").includes(":") ? `[${options.host}]` : options.host ?? "127.0.0.1";
  return {
    url: `http://${host}:${port}`,
    violations: () => judge.violations(),
    ran: () => judge.ran(),
    exchanges: () => exchanges,
    coverage: () => judge.coverage(),
    async close(boundMs = 10_000) {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeIdleConnections();
      const bound = new Promise((resolve) => setTimeout(resolve, boundMs).unref());
      await Promise.race([Promise.all(inFlight), bound]);
      server.closeAllConnections();
      await closed;
      await agent.close();
      judge.finish();
    },
  };
}
