// txc-api/openapi-fetch: an openapi-fetch client for this API, ready to use: typed paths, the
// signing middleware, and this package's safe transport as its fetch (no redirects followed, a
// whole-exchange timeout, a size cap). Only openapi-fetch's public API is used.
import createFetchClient, { type Client } from "openapi-fetch";
import { operationIndex } from "../generated/operations.js";
import { checkBaseUrl } from "./transport/base-url.js";
import { chooseTransport } from "./transport/choose.js";
import { transportError } from "./client/transport-error.js";
import { checkOptions } from "./client/check-options.js";
import { defaultRetryOptions } from "./client/retry.js";
import { signingMiddleware } from "./signing/middleware.js";
import type { NonceSource } from "./signing/nonce.js";
import type { SignedPaths } from "./types.js";

export type SignedFetchClientOptions = {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  nonce?: NonceSource;
  /** Whole exchange, from sending to the last byte of the answer; default 10 000 ms. */
  timeoutMs?: number;
  /** Largest answer read; default 8 MiB. */
  maxResponseBytes?: number;
  /** Your own fetch, under the same rules (it gets `redirect: "manual"` and a signal). */
  fetch?: typeof globalThis.fetch;
};

/** The answer's headers that a caller of openapi-fetch reads. */
const KEPT_HEADERS = ["content-type", "retry-after", "cache-control", "www-authenticate"];

/**
 * `createClient<SignedPaths>` from openapi-fetch with the signing middleware, sending through the
 * package's transport. Failures are the client's errors: RedirectError, TimeoutError,
 * ResponseTooLargeError, NetworkError, for the operation called.
 */
export function createSignedFetchClient(options: SignedFetchClientOptions): Client<SignedPaths> {
  const baseUrl = checkBaseUrl(options?.baseUrl);
  if ("problem" in baseUrl) throw new TypeError(`baseUrl ${baseUrl.problem}`);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxResponseBytes = options.maxResponseBytes ?? 8 * 1024 * 1024;
  checkOptions(timeoutMs, maxResponseBytes, defaultRetryOptions);
  const transport = chooseTransport(options.fetch);

  const fetch = async (request: Request): Promise<Response> => {
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => (headers[name] = value));
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.text();
    // The operation called, for the error's operationId and whether a timeout may have left it done.
    const operation = Object.entries(operationIndex).find(([, op]) => baseUrl.url + op.path === request.url.split("?")[0]);
    const context = { operationId: operation?.[0] ?? new URL(request.url).pathname, signal: request.signal, timeoutMs, maxResponseBytes, stateChanging: operation?.[1].stateChanging ?? true };
    try {
      const answer = await transport({ url: request.url, method: request.method, headers, body, signal: request.signal, timeoutMs, maxResponseBytes });
      const kept = new Headers();
      for (const name of KEPT_HEADERS) {
        const value = answer.headers.get(name);
        if (value !== null) kept.set(name, value);
      }
      return new Response(answer.status === 204 || answer.status === 304 ? null : answer.text, { status: answer.status, headers: kept });
    } catch (error) {
      throw transportError(error, context);
    }
  };

  const client = createFetchClient<SignedPaths>({ baseUrl: baseUrl.url, fetch });
  client.use(signingMiddleware({ apiKey: options.apiKey, apiSecret: options.apiSecret, nonce: options.nonce }));
  return client;
}
