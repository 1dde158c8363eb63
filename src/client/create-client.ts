import { operationIndex } from "../../generated/operations.js";
import { credentials, NONCE_FIELD, PATH_FIELD, signBodyText, type Credentials } from "../signing/sign.js";
import { timeNonce, type NonceSource } from "../signing/nonce.js";
import { checkBaseUrl } from "../transport/base-url.js";
import { chooseTransport, type HttpDispatcher } from "../transport/choose.js";
import type { Answer, TransportFailure } from "../transport/exchange.js";
import { firstDuplicateKey } from "../json/duplicate-keys.js";
import { contentTypeProblem } from "../validation/content-type.js";
import { validationIssues } from "../validation/issues.js";
import { loadedValidators, loadValidators, validatorForStatus, type OperationValidators } from "../validation/operation-validators.js";
import { tiedAnswerProblems } from "../validation/tied-answers.js";
import {
  ContractViolationError, NetworkError, RequestValidationError, SetupError, TxcApiError, httpError,
} from "../errors/index.js";
import { checkOptions } from "./check-options.js";
import { transportError } from "./transport-error.js";
import { RateLimiter } from "./rate-limiter.js";
import { defaultRetryOptions, isRetryable, parseRetryAfter, retryDelayMs, sleep, type RetryOptions } from "./retry.js";
import { paginate } from "./paginate.js";
import { parameterIssues } from "./params.js";
import { extraFieldsFor, type ExtraFields } from "./extra-fields.js";
import type { CallOptions, OperationId, OperationMethods, PagedOperationId, PageRecord, Params } from "./operation-types.js";

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
  paginate<Id extends PagedOperationId>(operationId: Id, params?: Omit<Params<Id>, "offset"> & { offset?: number }, options?: CallOptions): AsyncIterable<PageRecord<Id>>;
};

const NONCES_IN_ORDER =
  ". This process sent this key's nonces in order, so if the key and secret are right, another process or an earlier run may have used a higher nonce with the same key (README: Troubleshooting, one key in several processes)";

/** The transport reported a connection that closed before any byte of the answer. */
const closedBeforeAnswer = (failure: unknown) =>
  failure instanceof NetworkError && (failure.cause as TransportFailure | undefined)?.detail?.closedBeforeAnswer === true;

export function createClient(options: ClientOptions): TxcClient {
  const checkedBaseUrl = checkBaseUrl(options?.baseUrl);
  if ("problem" in checkedBaseUrl) throw new TypeError(`baseUrl ${checkedBaseUrl.problem}`);
  const baseUrl = checkedBaseUrl.url;
  const keys: Credentials | undefined =
    options.apiKey !== undefined || options.apiSecret !== undefined ? credentials(options.apiKey!, options.apiSecret!) : undefined;
  const nonce = options.nonce ?? timeNonce;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxResponseBytes = options.maxResponseBytes ?? 8 * 1024 * 1024;
  const validateResponses = options.validateResponses ?? true;
  const retry: RetryOptions = options.retry === false ? { ...defaultRetryOptions, attempts: 1 } : { ...defaultRetryOptions, ...options.retry };
  checkOptions(timeoutMs, maxResponseBytes, retry);
  const limiter = options.rateLimit instanceof RateLimiter ? options.rateLimit : options.rateLimit ? new RateLimiter() : undefined;
  const transport = chooseTransport(options);
  // Only the package's own dispatchers keep each key's requests on one connection, in order.
  const nonceOrderKept = !options.fetch && !options.dispatcher;
  // Each operation's path is fixed: its URL is made once.
  const urls = Object.fromEntries(Object.entries(operationIndex).map(([operationId, { path }]) => [operationId, baseUrl + path])) as Record<OperationId, string>;

  async function attempt(operationId: OperationId, params: object | undefined, callOptions: CallOptions, attemptTimeoutMs: number): Promise<unknown> {
    const { method, path, signed, stateChanging } = operationIndex[operationId];
    const wrongParams = parameterIssues(operationId, params);
    if (wrongParams.length) throw new RequestValidationError(operationId, wrongParams);
    const validators = loadedValidators(operationId) ?? (await loadValidators(operationId).catch((cause: Error) => {
      throw new SetupError(operationId, `nothing was sent: its validators (generated/validators/${operationId}.js) could not be loaded: ${cause.message}`, { cause });
    }));
    let headers: Record<string, string> | undefined;
    let text: string | undefined;
    let sent: Record<string, unknown> = {};
    if (signed) {
      if (!keys) throw new TxcApiError(operationId, "this operation is signed: pass apiKey and apiSecret to createClient");
      const extra = extraFieldsFor(params, options.extraFields, callOptions.extraFields);
      if (extra.issues.length) throw new RequestValidationError(operationId, extra.issues);
      // The signing fields last, so that no field of the caller's can replace them.
      const body = { ...extra.fields, ...params, [PATH_FIELD]: path, [NONCE_FIELD]: nonce(keys.apiKey) };
      const validate = validators.request!;
      if (!validate(body)) throw new RequestValidationError(operationId, validationIssues(validate.errors));
      text = JSON.stringify(body);
      headers = signBodyText(text, keys);
      sent = body;
    }
    // The transport sends exactly the signed text and holds the safety rules (no redirects, the
    // timeout, the size cap).
    let answer: Answer;
    try {
      answer = await transport({
        url: urls[operationId], method, headers, body: text, signal: callOptions.signal, timeoutMs: attemptTimeoutMs, maxResponseBytes,
        orderKey: keys?.apiKey, readOnly: !stateChanging,
      });
    } catch (error) {
      throw transportError(error, { operationId, signal: callOptions.signal, timeoutMs: attemptTimeoutMs, maxResponseBytes, stateChanging });
    }
    return readAnswer(operationId, answer, sent, validators);
  }

  /**
   * The 200 body, once it is JSON (valid UTF-8, no key twice in one object), valid against the
   * document and in agreement with the request it answers (a refund's id, a page's limit).
   */
  function readAnswer(operationId: OperationId, { status, headers, text, utf8 }: Answer, sent: Record<string, unknown>, validators: OperationValidators) {
    if (status < 200 || status >= 300) {
      let errorBody: unknown = text;
      try {
        errorBody = JSON.parse(text);
      } catch {}
      const error = httpError(operationId, status, errorBody, parseRetryAfter(headers.get("Retry-After")));
      if (status === 401 && nonceOrderKept && operationIndex[operationId].signed) error.message += NONCES_IN_ORDER;
      throw error;
    }
    const violation = (message: string, body: unknown = text) =>
      new ContractViolationError(operationId, status, [{ field: "(response)", rule: "contract", message }], body);
    if (status !== 200) throw violation(`status ${status} is not documented for ${operationId}`);
    const wrongType = contentTypeProblem(headers.get("Content-Type") ?? "");
    if (wrongType) throw violation(wrongType);
    if (!utf8) throw violation("the body is not valid UTF-8, so it is not JSON");
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw violation("the body is not JSON");
    }
    if (validateResponses) {
      const repeated = firstDuplicateKey(text);
      if (repeated !== undefined) throw violation(`the body holds the field ${JSON.stringify(repeated)} twice in one object: which one is meant is not for the client to guess`, body);
      const validate = validatorForStatus(validators, 200)!;
      if (!validate(body)) throw new ContractViolationError(operationId, status, validationIssues(validate.errors), body);
      const contradictions = tiedAnswerProblems(operationId, sent, body) ?? [];
      if (contradictions.length) {
        throw new ContractViolationError(operationId, status, contradictions.map((message) => ({ field: "(response)", rule: "tied-to-request", message })), body);
      }
    }
    return body;
  }

  /** The call's first attempt, and the retries its failure allows; no layer around a call that has none. */
  function call(operationId: OperationId, params: object | undefined, callOptions: CallOptions = {}): Promise<unknown> {
    const attemptTimeoutMs = callOptions.timeoutMs ?? timeoutMs;
    try {
      if (callOptions.timeoutMs !== undefined) checkOptions(attemptTimeoutMs, maxResponseBytes, retry);
    } catch (error) {
      return Promise.reject(error);
    }
    // A read-only call whose connection closed before any byte of its answer is sent once more at
    // once, signed afresh (the server did not answer it; a state-changing one may have acted).
    const once = () =>
      attempt(operationId, params, callOptions, attemptTimeoutMs).catch((failure: unknown) => {
        if (!closedBeforeAnswer(failure) || operationIndex[operationId].stateChanging || callOptions.signal?.aborted) throw failure;
        return attempt(operationId, params, callOptions, attemptTimeoutMs);
      });
    const first = limiter ? limiter.acquire(operationId, callOptions.signal).then(once) : once();
    if (retry.attempts === 1) return first;
    const started = Date.now();
    return first.catch((failure: unknown) => retried(failure, operationId, callOptions, once, started));
  }

  async function retried(failure: unknown, operationId: OperationId, callOptions: CallOptions, once: () => Promise<unknown>, started: number): Promise<unknown> {
    const { stateChanging } = operationIndex[operationId];
    for (let attemptNumber = 1; ; attemptNumber++) {
      if (attemptNumber >= retry.attempts || callOptions.signal?.aborted || !isRetryable(failure, stateChanging, retry)) {
        throw attemptNumber > 1 ? afterAttempts(failure, attemptNumber, Date.now() - started) : failure;
      }
      const delayMs = retryDelayMs(failure, attemptNumber, retry);
      if (delayMs === undefined) throw failure;
      await sleep(delayMs, callOptions.signal);
      if (limiter) await limiter.acquire(operationId, callOptions.signal);
      try {
        return await once();
      } catch (next) {
        failure = next;
      }
    }
  }

  /** The last error of a retried call, saying how many attempts were made and over how long. */
  function afterAttempts(failure: unknown, attempts: number, elapsedMs: number): unknown {
    if (!(failure instanceof TxcApiError)) return failure;
    failure.message += ` (${attempts} attempts in ${(elapsedMs / 1000).toFixed(1)} s; this was the last)`;
    return Object.assign(failure, { attempts, elapsedMs });
  }

  const methods = Object.fromEntries(
    (Object.keys(operationIndex) as OperationId[]).map((operationId) => [
      operationId,
      (params?: object, callOptions?: CallOptions) => call(operationId, params, callOptions),
    ]),
  ) as unknown as OperationMethods;

  return Object.freeze({
    ...methods,
    paginate: ((operationId: PagedOperationId, params?: object, callOptions?: CallOptions) =>
      paginate(operationId, params, (pageParams) => call(operationId, pageParams, callOptions))) as TxcClient["paginate"],
  });
}
