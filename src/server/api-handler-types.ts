// The kit's handler as its doors and the framework adapters see it: types only, with nothing of the
// kit's internals, so that an adapter's declarations stay a few small files.
import type { IncomingMessage, ServerResponse } from "node:http";

/** Header values as Node gives them (lower-case names), a plain record of any case, or a Fetch `Headers`. */
export type HeadersInput = Headers | Record<string, string | string[] | undefined>;

/**
 * A request whose body a framework has already read, as bytes (Fastify's parseAs: "buffer",
 * Express's express.raw()). `address` may be undefined (a framework's `request.ip`): the rate
 * limits then count it under "unknown".
 */
export type ReadRequest = { method: string; path: string; headers: HeadersInput; rawBody: Uint8Array | string; address?: string | undefined };
/** The answer to send: status, headers and the JSON body's bytes. */
export type ApiAnswer = { status: number; headers: Record<string, string>; body: string | Buffer };

export type ApiHandler = {
  /** For a framework that keeps its own server: the answer to a request whose raw body it has read. */
  handle(request: ReadRequest): Promise<ApiAnswer>;
  /** A Fetch-API handler (Hono, Bun, Deno, a service worker). `address` is the caller's, for the rate limits: a Fetch Request does not carry it. */
  fetch(request: Request, info?: { address?: string | undefined }): Promise<Response>;
  /** A node:http request listener: `http.createServer({ maxHeaderSize: api.maxHeaderSize }, api.listener)`. */
  listener(request: IncomingMessage, response: ServerResponse): void;
  /**
   * For a framework that hands over Node's request with its body unread (Express, Connect, Koa):
   * answers it as `listener` does, with the path and the client address the framework resolved
   * (its mount point and its trusted proxies applied).
   */
  respond(request: IncomingMessage, response: ServerResponse, at: { path: string; address?: string | undefined }): void;
  /** The largest request body read (`maxBodyBytes`); one byte more is answered 413. */
  readonly maxBodyBytes: number;
  /** The header limit signed bodies of up to `maxBodyBytes` need (their base64 rides in X-TXC-PAYLOAD): Node's `maxHeaderSize`. */
  readonly maxHeaderSize: number;
};
