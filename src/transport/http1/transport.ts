import { isUtf8 } from "node:buffer";
import { redirectFailure, timedOut, tooLarge, TransportFailure, type Answer, type Exchange, type Transport } from "../exchange.js";
import { OriginPool, type Exchanger, type Target } from "./connection.js";
import type { AnswerHead } from "./response-parser.js";

const ORIGIN_AND_PATH = /^([a-z][a-z\d+.-]*:\/\/[^/?#]*)(.*)$/i;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PATH = /^\/[\x21-\x7e]*$/;
const ASCII_HEADER_VALUE = /^[\t\x20-\x7e]*$/;
/** What RFC 9110 lets a field value hold (obs-text included), as fetch's Headers do: no control byte, nothing past U+00FF. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** Headers the transport writes itself, from the URL and the body. */
const OWN_HEADER = /^(?:host|connection|content-length|transfer-encoding)$/i;

type Route = { pool: OriginPool; path: string } | { problem: string };

/** A header's value from the answer's [name, value, ...] list; repeated ones joined as fetch joins them. */
function headerOf(headers: readonly string[], name: string): string | null {
  let value: string | null = null;
  for (let i = 0; i < headers.length; i += 2) {
    if (headers[i] === name) value = value === null ? headers[i + 1] : `${value}, ${headers[i + 1]}`;
  }
  return value;
}

function targetOf(origin: string): Target | string {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return `not an absolute http(s) URL: ${origin.slice(0, 100)}`;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return `not an http(s) URL: ${origin.slice(0, 100)}`;
  if (url.username || url.password) return "the URL holds a user name or password, which are not sent";
  const secure = url.protocol === "https:";
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  return { secure, host, port: Number(url.port) || (secure ? 443 : 80), hostHeader: url.host };
}

/**
 * The request as written on the connection, sent in one write: one string, head and body, as UTF-8;
 * bytes when a header value holds obs-text (U+0080-U+00FF), which goes as one byte each (Latin-1).
 */
function requestBytes({ method, headers, body }: Exchange, path: string, hostHeader: string): string | Buffer {
  if (!TOKEN.test(method)) throw new TransportFailure("setup", `the method ${JSON.stringify(method.slice(0, 20))} is not an HTTP token; nothing was sent`);
  let head = `${method} ${path} HTTP/1.1\r\nhost: ${hostHeader}\r\nconnection: keep-alive\r\n`;
  let latin1 = false;
  for (const name in headers) {
    const value = headers[name];
    if (!TOKEN.test(name) || OWN_HEADER.test(name)) throw new TransportFailure("setup", `the header name ${JSON.stringify(name.slice(0, 40))} cannot be sent; nothing was sent`);
    if (!ASCII_HEADER_VALUE.test(value)) {
      if (!HEADER_VALUE.test(value)) throw new TransportFailure("setup", `the header ${name} holds a character that cannot be sent (a control character, or one past U+00FF); nothing was sent`);
      latin1 = true;
    }
    head += `${name}: ${value}\r\n`;
  }
  if (body !== undefined) head += `content-length: ${Buffer.byteLength(body)}\r\n\r\n`;
  else head += method === "GET" || method === "HEAD" ? "\r\n" : "content-length: 0\r\n\r\n";
  if (latin1) return body === undefined ? Buffer.from(head, "latin1") : Buffer.concat([Buffer.from(head, "latin1"), Buffer.from(body, "utf8")]);
  return body === undefined ? head : head + body;
}

/**
 * One exchange: the connection it takes, its timer and abort, and its answer within the bounds.
 * It ends once: with the answer, or with the first failure, which closes the connection.
 */
class Http1Call implements Exchanger {
  private settled = false;
  private status = 0;
  private headers: readonly string[] = [];
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly onAbort: (() => void) | undefined;
  private readonly connection;

  constructor(
    private readonly exchange: Exchange,
    pool: OriginPool,
    request: string | Buffer,
    private readonly resolve: (answer: Answer) => void,
    private readonly reject: (failure: unknown) => void,
  ) {
    this.connection = pool.take();
    this.timer = setTimeout(() => this.settle(timedOut(exchange.timeoutMs)), exchange.timeoutMs);
    if (exchange.signal) {
      this.onAbort = () => this.settle(exchange.signal!.reason);
      exchange.signal.addEventListener("abort", this.onAbort, { once: true });
    }
    this.connection.send(this, request);
  }

  onHead({ status, headers }: AnswerHead) {
    this.status = status;
    this.headers = headers;
    const { maxResponseBytes, url } = this.exchange;
    if (status >= 300 && status < 400) this.settle(redirectFailure(status, headerOf(headers, "location"), url));
    else if (Number(headerOf(headers, "content-length")) > maxResponseBytes) this.settle(tooLarge(maxResponseBytes, status));
  }

  onBody(bytes: Buffer) {
    this.size += bytes.length;
    if (this.size > this.exchange.maxResponseBytes) this.settle(tooLarge(this.exchange.maxResponseBytes, this.status));
    else this.chunks.push(bytes);
  }

  onEnd() {
    const bytes = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    const headers = this.headers;
    this.settle(null, { status: this.status, headers: { get: (name) => headerOf(headers, name.toLowerCase()) }, text: bytes.toString("utf8"), utf8: isUtf8(bytes) });
  }

  onFailure(error: Error) {
    this.settle(new TransportFailure("network", `the connection failed: ${error.message}`, { cause: error }));
  }

  private settle(failure: unknown, answer?: Answer) {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    if (this.onAbort) this.exchange.signal!.removeEventListener("abort", this.onAbort);
    if (answer) return this.resolve(answer);
    this.connection.abandon(this);
    this.reject(failure);
  }
}

/**
 * HTTP/1.1 over Node's own sockets, keep-alive, one connection per exchange in flight (no
 * pipelining), the request written in one piece. Never follows a redirect; the timeout covers the
 * whole exchange (connecting included) and closes the connection, so nothing is read once the
 * call has ended; an answer over `maxResponseBytes` is cut off. Idle connections are kept 10 s,
 * or less when the server's Keep-Alive says so, and never keep the process alive.
 */
export function http1Transport(): Transport {
  const pools = new Map<string, OriginPool | string>();
  // A client calls a handful of URLs: each is routed once (a bounded memo, cleared when full).
  const routes = new Map<string, Route>();

  const routeOf = (url: string): Route => {
    let route = routes.get(url);
    if (route) return route;
    const [, origin, path = ""] = ORIGIN_AND_PATH.exec(url) ?? [];
    let pool = origin === undefined ? undefined : pools.get(origin);
    if (origin !== undefined && pool === undefined) {
      const target = targetOf(origin);
      pools.set(origin, (pool = typeof target === "string" ? target : new OriginPool(target)));
    }
    if (pool === undefined) route = { problem: `not an absolute http(s) URL: ${url.slice(0, 100)}` };
    else if (typeof pool === "string") route = { problem: pool };
    else if (!PATH.test(path || "/")) route = { problem: `the path ${JSON.stringify(path.slice(0, 100))} holds a character that cannot be sent` };
    else route = { pool, path: path || "/" };
    if (routes.size >= 256) routes.clear();
    routes.set(url, route);
    return route;
  };

  return (exchange: Exchange): Promise<Answer> => {
    if (exchange.signal?.aborted) return Promise.reject(exchange.signal.reason);
    const route = routeOf(exchange.url);
    if ("problem" in route) return Promise.reject(new TransportFailure("setup", `${route.problem}; nothing was sent`));
    let request: string | Buffer;
    try {
      request = requestBytes(exchange, route.path, route.pool.target.hostHeader);
    } catch (failure) {
      return Promise.reject(failure);
    }
    return new Promise<Answer>((resolve, reject) => new Http1Call(exchange, route.pool, request, resolve, reject));
  };
}
