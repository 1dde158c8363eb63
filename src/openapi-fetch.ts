// txc-api/openapi-fetch: an openapi-fetch client for this API, ready to use: typed paths, every
// private request signed, and this package's safe transport as its fetch (no redirects followed,
// a whole-exchange timeout, a size cap). Only openapi-fetch's public API is used.
import createFetchClient, { type Client } from "openapi-fetch";
import { operationIndex } from "../generated/operations.js";
import { checkBaseUrl } from "./transport/base-url.js";
import { chooseTransport, type HttpDispatcher } from "./transport/choose.js";
import { sendResendingOnce } from "./transport/resend.js";
import { transportError } from "./client/transport-error.js";
import { checkOptions, checkTransportChoice } from "./client/check-options.js";
import { defaultRetryOptions } from "./client/retry.js";
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS } from "./transport/defaults.js";
import { credentials } from "./signing/sign.js";
import { timeNonce, type NonceSource } from "./signing/nonce.js";
import { operationOfPath, signCall, signUnknownPath } from "./client/sign-call.js";
import type { ExtraFields } from "./client/extra-fields.js";
import { loadValidators } from "./validation/operation-validators.js";
import type { SignedPaths } from "./types.js";
import { OptionsError } from "./errors/options.js";
import { RequestValidationError } from "./errors/index.js";

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
  /** Fields the document does not list, sent with every signed request (as createClient's). */
  extraFields?: ExtraFields;
};

/** The answer's headers that a caller of openapi-fetch reads. */
const KEPT_HEADERS = ["content-type", "retry-after", "cache-control", "www-authenticate"];

/**
 * A fetch for this API: every POST to a path of the document signed by the signer `createClient`
 * uses (`request` and a fresh nonce set in the body, the payload and signature headers), and sent
 * through the package's transport, under the rules `createSignedFetchClient` says. For any tool that
 * takes a fetch: openapi-fetch (`createSignedFetchClient` is that), Respect running the package's
 * Arazzo workflows, your own code. A request outside `baseUrl` is refused, never signed.
 */
export function createSigningFetch(options: SignedFetchClientOptions): typeof globalThis.fetch {
  return signingSend(options).fetch;
}

/**
 * `createClient<SignedPaths>` from openapi-fetch, every POST signed by the signer `createClient`
 * uses: a body field the operation does not have (`tikcer`), a wrong type or a bound broken is
 * refused with RequestValidationError before anything is sent; `request` is the document's path,
 * whatever prefix the base URL has. Sent through the package's transport; the nonce is taken as
 * the request is handed to it, so that one key's requests arrive in order. Failures are the
 * client's errors: RequestValidationError, RedirectError, TimeoutError, ResponseTooLargeError,
 * NetworkError, for the operation called.
 */
export function createSignedFetchClient(options: SignedFetchClientOptions): Client<SignedPaths> {
  const { baseUrl, fetch } = signingSend(options);
  return createFetchClient<SignedPaths>({ baseUrl, fetch });
}

/** The options checked once, and the fetch that signs and sends each request. */
function signingSend(options: SignedFetchClientOptions): { baseUrl: string; fetch: typeof globalThis.fetch } {
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
    const text = request.method === "GET" || request.method === "HEAD" ? undefined : await request.text();
    const path = request.url.split("?")[0].slice(baseUrl.url.length);
    // The operation called, for the checks, the error's operationId and whether a timeout may have left it done.
    const operationId = operationOfPath(path, request.method);
    const stateChanging = operationId ? operationIndex[operationId].stateChanging : true;
    const context = { operationId: operationId ?? path, signal: request.signal, timeoutMs, maxResponseBytes, stateChanging };
    const fields = text ? (JSON.parse(text) as object) : undefined;
    const validators = operationId && operationIndex[operationId].signed ? await loadValidators(operationId) : undefined;
    const attempt = () => {
      let body = text;
      if (text !== undefined) {
        // Signed here, not before: nothing runs between the nonce and the transport.
        const signed = operationId && validators
          ? signCall({ operationId, keys, nonce, fields, extraFields: { client: options.extraFields }, validators })
          : signUnknownPath(path, keys, nonce, fields ?? {});
        body = signed.body;
        // The signed headers replace openapi-fetch's by name, whatever their case: one Content-Type.
        for (const [name, value] of Object.entries(signed.headers)) headers[name.toLowerCase()] = value;
      }
      return transport({ url: request.url, method: request.method, headers, body, signal: request.signal, timeoutMs, maxResponseBytes, orderKey: keys.apiKey, readOnly: !stateChanging });
    };
    try {
      const answer = await sendResendingOnce(attempt, !stateChanging, request.signal);
      const kept = new Headers();
      for (const name of KEPT_HEADERS) {
        const value = answer.headers.get(name);
        if (value !== null) kept.set(name, value);
      }
      return new Response(answer.status === 204 || answer.status === 304 ? null : answer.text, { status: answer.status, headers: kept });
    } catch (error) {
      if (error instanceof RequestValidationError) throw error;
      throw transportError(error, context);
    }
  };

  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    if (!request.url.startsWith(baseUrl.url)) {
      return Promise.reject(new OptionsError(`createSigningFetch: ${request.url} is outside baseUrl ${baseUrl.url}; nothing was sent, nothing signed`));
    }
    return send(request);
  };
  return { baseUrl: baseUrl.url, fetch: fetch as typeof globalThis.fetch };
}
