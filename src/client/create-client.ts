import { operationIndex } from "../../generated/operations.js";
import { credentials } from "../signing/sign.js";
import { timeNonce, type NonceSource } from "../signing/nonce.js";
import { checkBaseUrl } from "../transport/base-url.js";
import { chooseTransport, type HttpDispatcher } from "../transport/choose.js";
import { callOperation, type ClientSetup } from "./call.js";
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS } from "../transport/defaults.js";
import { checkOptions, checkTransportChoice } from "./check-options.js";
import { debugHooks, debugWanted } from "./debug-log.js";
import { HookRunner, type ClientHooks } from "./hooks.js";
import { RateLimiter } from "../rate-limits/limiter.js";
import { defaultRetryOptions, type RetryOptions } from "./retry.js";
import { loadTracing } from "./tracing.js";
import { paginate } from "./paginate.js";
import { closest } from "../text/closest.js";
import { OptionsError, TxcApiError } from "../errors/index.js";
import type { ExtraFields } from "./extra-fields.js";
import type { CallOptions, OperationId, OperationMethods, PagedOperationId, PageParams, PageRecord } from "./operation-types.js";

export type ClientOptions = {
  /** Where the API is, for example the sandbox `http://127.0.0.1:8080`. Required: no host is guessed. */
  baseUrl: string;
  /** The public API key. Needed for every operation but ping. */
  apiKey?: string | undefined;
  /** The API secret. It is turned into a key object at once and never kept as text. */
  apiSecret?: string | undefined;
  /** Nonce per request; default: strictly increasing millisecond time per API key. */
  nonce?: NonceSource;
  /** Per-attempt timeout, from sending to the last byte of the answer; default 10 000 ms. The request is aborted. */
  timeoutMs?: number;
  /** Largest answer read; a larger one ends the call with ResponseTooLargeError. Default 8 MiB. */
  maxResponseBytes?: number;
  /** Validate every answer against the document (default true). */
  validateResponses?: boolean;
  /** Retry policy, or false for a single attempt. */
  retry?: Partial<RetryOptions> | false;
  /** Queue calls to stay within the documented rate limits: true, or a limiter shared between clients. */
  rateLimit?: boolean | RateLimiter;
  /**
   * Fields the document does not list, added to the body of every signed call, such as
   * `{ nonceWindow: true }` for a server that understands it. A call's own `extraFields` add to these.
   */
  extraFields?: ExtraFields;
  /**
   * Called for each attempt (onRequest, onResponse, onRetry) and once for a failed call (onError),
   * synchronously, in order; never with the secret or the signature. A hook that throws is
   * reported once as a process warning and the call goes on.
   */
  hooks?: ClientHooks;
  /**
   * With OpenTelemetry tracing, send the call's span as a W3C `traceparent` header. Off by default:
   * the description does not say the API accepts it.
   */
  propagateTraceContext?: boolean;
  /**
   * An undici dispatcher to send through: an `Agent` with TLS options (a private CA, a client
   * certificate), a `ProxyAgent`, a `MockAgent` for unit tests. Its connections are its own: to
   * keep one key's nonces in order with many calls in flight, give it one connection per origin
   * (`connections: 1`, with `pipelining`). Without it, each API key has one pipelined connection
   * per origin, through HTTP_PROXY/HTTPS_PROXY when they are set (NO_PROXY honoured).
   */
  dispatcher?: HttpDispatcher;
  /**
   * Your own fetch, in place of undici. It gets `redirect: "manual"` and a signal, and must honour
   * both: a 3xx ends the call with RedirectError. The order of one key's nonces is then its own.
   */
  fetch?: typeof globalThis.fetch;
};

export type TxcClient = OperationMethods & {
  /** Every record of a paged history, page by page within the documented bounds. */
  paginate<Id extends PagedOperationId>(operationId: Id, params?: PageParams<Id>, options?: CallOptions): AsyncIterable<PageRecord<Id>>;
};

/** The options checked and fixed once: what every call of the client shares. */
function setupOf(options: ClientOptions): ClientSetup {
  const checkedBaseUrl = checkBaseUrl(options?.baseUrl);
  if ("problem" in checkedBaseUrl) throw new OptionsError(`baseUrl ${checkedBaseUrl.problem}`);
  const baseUrl = checkedBaseUrl.url;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const retry: RetryOptions = options.retry === false ? { ...defaultRetryOptions, attempts: 1 } : { ...defaultRetryOptions, ...options.retry };
  checkOptions(timeoutMs, maxResponseBytes, retry);
  checkTransportChoice(options);
  const hooks = new HookRunner(options.hooks, debugWanted() ? debugHooks() : undefined);
  void loadTracing();
  return {
    // Each operation's path is fixed: its URL is made once.
    urls: Object.fromEntries(Object.entries(operationIndex).map(([operationId, { path }]) => [operationId, baseUrl + path])) as Record<OperationId, string>,
    keys: options.apiKey !== undefined || options.apiSecret !== undefined ? credentials(options.apiKey!, options.apiSecret!) : undefined,
    nonce: options.nonce ?? timeNonce,
    extraFields: options.extraFields,
    transport: chooseTransport(options),
    timeoutMs,
    maxResponseBytes,
    retry,
    limiter: options.rateLimit instanceof RateLimiter ? options.rateLimit : options.rateLimit ? new RateLimiter() : undefined,
    hooks,
    propagateTraceContext: options.propagateTraceContext === true,
    validateResponses: options.validateResponses ?? true,
    // Only the package's own dispatchers keep each key's requests on one connection, in order.
    nonceOrderKept: !options.fetch && !options.dispatcher,
  };
}

export function createClient(options: ClientOptions): TxcClient {
  const setup = setupOf(options);
  const call = (operationId: OperationId, params: object | undefined, callOptions: CallOptions = {}): Promise<unknown> => {
    if (callOptions.timeoutMs !== undefined) {
      try {
        checkOptions(callOptions.timeoutMs, setup.maxResponseBytes, setup.retry);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return callOperation(setup, operationId, params, callOptions);
  };
  const methods = Object.fromEntries(
    (Object.keys(operationIndex) as OperationId[]).map((operationId) => [
      operationId,
      (params?: object, callOptions?: CallOptions) => call(operationId, params, callOptions),
    ]),
  ) as unknown as OperationMethods;

  const client = Object.freeze({
    ...methods,
    paginate: ((operationId: PagedOperationId, params?: Record<string, unknown>, callOptions?: CallOptions) =>
      paginate(operationId, params, (pageParams) => call(operationId, pageParams, callOptions))) as TxcClient["paginate"],
  });
  return withDidYouMean(client);
}

const MEMBERS = [...Object.keys(operationIndex), "paginate"];

/** A misspelt operation (`client.getBalance()`) says what was meant instead of "is not a function". */
function withDidYouMean<T extends object>(client: T): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (typeof property !== "string" || property in target) return Reflect.get(target, property, receiver);
      const meant = closest(property, MEMBERS);
      if (meant === undefined) return undefined;
      return () => {
        throw new TxcApiError(property, `is not an operation of the API: did you mean ${meant}?`);
      };
    },
  });
}
