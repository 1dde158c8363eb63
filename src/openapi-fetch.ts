// txc-api/openapi-fetch: an openapi-fetch client for this API, ready to use: typed paths, every
// private request signed, and this package's safe transport as its fetch (no redirects followed,
// a whole-exchange timeout, a size cap). Only openapi-fetch's public API is used.
import createFetchClient, { type Client } from "openapi-fetch";
import { operationIndex } from "../generated/operations.js";
import { checkBaseUrl } from "./transport/base-url.js";
import { chooseTransport, type HttpDispatcher } from "./transport/choose.js";
import type { TransportFailure } from "./transport/exchange.js";
import { transportError } from "./client/transport-error.js";
import { checkOptions, checkTransportChoice } from "./client/check-options.js";
import { defaultRetryOptions } from "./client/retry.js";
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS } from "./client/defaults.js";
import { bodyText, credentials, signBodyText } from "./signing/sign.js";
import { timeNonce, type NonceSource } from "./signing/nonce.js";
import type { SignedPaths } from "./types.js";
import { OptionsError } from "./errors/options.js";

export type SignedFetchClientOptions = {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  nonce?: NonceSource;
  /** Whole exchange, from sending to the last byte of the answer; default 10 000 ms. */
  timeoutMs?: number;
  /** Largest answer read; default 8 MiB. */
  maxResponseBytes?: number;
  /** An undici dispatcher to send through (a ProxyAgent, an Agent with TLS options, a MockAgent), as createClient takes. */
  dispatcher?: HttpDispatcher;
  /** Your own fetch, under the same rules (it gets `redirect: "manual"` and a signal). */
  fetch?: typeof globalThis.fetch;
};

/** The answer's headers that a caller of openapi-fetch reads. */
const KEPT_HEADERS = ["content-type", "retry-after", "cache-control", "www-authenticate"];

/**
 * `createClient<SignedPaths>` from openapi-fetch, every POST signed as `createClient` signs it
 * (`request` is the document's path, whatever prefix the base URL has), sending through the
 * package's transport. The nonce is taken as the request is handed to the transport, so that one
 * key's requests arrive in order. Failures are the client's errors: RedirectError, TimeoutError,
 * ResponseTooLargeError, NetworkError, for the operation called.
 */
export function createSignedFetchClient(options: SignedFetchClientOptions): Client<SignedPaths> {
  const baseUrl = checkBaseUrl(options?.baseUrl);
  if ("problem" in baseUrl) throw new OptionsError(`baseUrl ${baseUrl.problem}`);
  const keys = credentials(options.apiKey, options.apiSecret);
  const nonce = options.nonce ?? timeNonce;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  checkOptions(timeoutMs, maxResponseBytes, defaultRetryOptions);
  checkTransportChoice(options);
  const transport = chooseTransport(options);

  const send = async (request: Request): Promise<Response> => {
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => (headers[name] = value));
    const fields = request.method === "GET" || request.method === "HEAD" ? undefined : await request.text();
    const path = request.url.split("?")[0].slice(baseUrl.url.length);
    // The operation called, for the error's operationId and whether a timeout may have left it done.
    const operation = Object.entries(operationIndex).find(([, op]) => op.path === path);
    const stateChanging = operation?.[1].stateChanging ?? true;
    const context = { operationId: operation?.[0] ?? path, signal: request.signal, timeoutMs, maxResponseBytes, stateChanging };
    const attempt = () => {
      let body = fields;
      if (fields !== undefined) {
        // Signed here, not before: nothing runs between the nonce and the transport.
        body = bodyText(path, nonce(keys.apiKey), fields ? (JSON.parse(fields) as object) : {});
        // The signed headers replace openapi-fetch's by name, whatever their case: one Content-Type.
        for (const [name, value] of Object.entries(signBodyText(body, keys))) headers[name.toLowerCase()] = value;
      }
      return transport({ url: request.url, method: request.method, headers, body, signal: request.signal, timeoutMs, maxResponseBytes, orderKey: keys.apiKey, readOnly: !stateChanging });
    };
    try {
      const answer = await attempt().catch((failure: TransportFailure) => {
        // Closed before any byte of the answer: a read-only request goes once more, signed afresh.
        if (failure?.detail?.closedBeforeAnswer && !stateChanging && !request.signal.aborted) return attempt();
        throw failure;
      });
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

  return createFetchClient<SignedPaths>({ baseUrl: baseUrl.url, fetch: send });
}
