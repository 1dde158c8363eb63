// txc-api proxy: forwards every request to the upstream and its answer back unchanged, and holds
// each exchange to the document (checks.ts). It never alters, retries, re-signs or reorders; with
// `sign` it signs the requests that arrive unsigned (sign-unsigned.ts), and judges them as sent.
import { signingHeadersFor } from "../server/body-limit.js";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS } from "../transport/defaults.js";
import { printable } from "../text/printable.js";
import { forward, jsonAnswer, type Upstream } from "./forward.js";
import { UpstreamConnections } from "./upstream-connections.js";
import { CONNECTIONS_RULE, DEFAULT_CONNECTIONS, isConnectionCount } from "../transport/turns.js";
import type { CarriedExchange, ProxyViolation } from "./traffic.js";
import { TrafficJudge } from "./traffic-judge.js";
import { unsignedRequestSigner } from "./sign-unsigned.js";
import type { Coverage } from "../validation/coverage.js";
import { oncePerProblem, type OncePer } from "../validation/once-per.js";

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
  /**
   * A key to sign with: a request of a signed operation that arrives without the API key header is
   * signed with it (`request` and a nonce set, the three headers added), in the order requests
   * arrive; one that carries its own passes as it came. A body that is no JSON object is answered
   * 400 and not forwarded.
   */
  sign?: { apiKey: string; apiSecret: string };
  /**
   * The once-only rules your server adds where the document is silent (the server kit's
   * `oncePer`, the same declaration: `{ refundDeposit: ["transaction_id"] }`): a value answered
   * 2xx twice is a violation, as one of the document's x-once-per is. None by default.
   */
  oncePer?: OncePer;
  /** Hears each violation as it is seen. */
  onViolation?: (violation: ProxyViolation) => void;
  /** Largest request and answer body carried, as the client's cap (default 8 MiB); past it 413 or 502. */
  maxBodyBytes?: number;
  /**
   * Connections to the upstream that each key's requests in a row take in turn (default 4, as the
   * tester's), so that behind a balancer the traffic reaches every process; 1 keeps one key's
   * requests in a row on one connection.
   */
  upstreamConnections?: number;
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

function upstreamConnections(given: number | undefined): number {
  const count = given ?? DEFAULT_CONNECTIONS;
  if (!isConnectionCount(count)) throw new ProxySetupError(`upstreamConnections must be ${CONNECTIONS_RULE} (got ${String(given)})`);
  return count;
}

type JudgingTurn = { before: Promise<void>; done: () => void };

/**
 * Exchanges are judged in the order they went upstream, not the order their answers were read, so
 * that a key's nonces are checked in the order they were sent: each takes a turn as it is sent,
 * and is judged once the turns before it are done.
 */
function judgingOrder(): () => JudgingTurn {
  let last: Promise<void> = Promise.resolve();
  return () => {
    const before = last;
    let done!: () => void;
    last = new Promise<void>((resolve) => (done = resolve));
    return { before, done };
  };
}

/**
 * Starts the proxy: `{ url, violations(), ran(), close() }`. Route an application's traffic
 * through `url` and assert `expect(proxy.violations()).toEqual([])`.
 */
export async function startProxy(options: ProxyOptions): Promise<Proxy> {
  const declared = oncePerProblem(options.oncePer);
  if (declared) throw new ProxySetupError(`oncePer ${declared}`);
  const upstream: Upstream = {
    url: upstreamUrl(options.upstream),
    connections: new UpstreamConnections(upstreamConnections(options.upstreamConnections)),
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    sign: options.sign ? unsignedRequestSigner(options.sign) : undefined,
  };
  const judge = new TrafficJudge(new Map((options.credentials ?? []).map(({ apiKey, apiSecret }) => [apiKey, apiSecret])), options.onViolation, options.oncePer);
  let exchanges = 0;

  const nextTurn = judgingOrder();
  async function carryAndJudge(request: IncomingMessage, response: ServerResponse) {
    const [startedAt, started] = [new Date(), performance.now()];
    let turn: JudgingTurn | undefined;
    try {
      const exchange = await forward(request, response, upstream, (violation) => judge.report(violation), () => (turn = nextTurn()));
      if (!exchange) return;
      options.onExchange?.(exchange, startedAt, performance.now() - started);
      await turn?.before;
      await judge.judge(exchange);
    } finally {
      turn?.done();
    }
  }

  const inFlight = new Set<Promise<void>>();
  // A signed body rides in base64 in X-TXC-PAYLOAD too: the header limit follows the body limit.
  const server: Server = createServer({ maxHeaderSize: signingHeadersFor(upstream.maxBodyBytes) }, (request, response) => {
    exchanges++;
    const done = carryAndJudge(request, response).catch((error) => {
      if (!response.headersSent) jsonAnswer(response, 500, `txc-api proxy failed: ${(error as Error)?.message}`);
      else response.destroy();
    });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  });
  const url = await listen(server, options.host ?? "127.0.0.1", options.port ?? 0);
  return {
    url,
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
      await upstream.connections.close();
      judge.finish();
    },
  };
}

/** Listens, and returns the proxy's URL; a taken port is a ProxySetupError that says what to do. */
async function listen(server: Server, host: string, port: number): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(new ProxySetupError(error.code === "EADDRINUSE" ? `port ${port} is taken on ${host}: choose another with --port, or 0 for a free one` : `cannot listen on ${host}:${port}: ${error.message}`)));
    server.listen(port, host, () => resolve());
  });
  return `http://${host.includes(":") ? `[${host}]` : host}:${(server.address() as AddressInfo).port}`;
}
