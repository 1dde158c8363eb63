// The kit's steps for one request, over the document: route, rate-limit, verify (signature and
// nonce), validate, authorize, handle, and the answer held to the document. Nothing here touches
// a socket: the Node listener and the Fetch handler (create-api-handler.ts) read the request and
// write what these steps answer; the sandbox calls them between its faults and its call log.
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { ApiError } from "./api-error.js";
import { okAnswerProblems, documentsStatus, type ResponseValidation } from "./answer-check.js";
import { errorReply, internalErrorReply, type Reply } from "./error-bodies.js";
import { notImplemented, type ApiRequest, type Handlers } from "./handler-types.js";
import { JsonText } from "./json-text.js";
import { memoryNonceStore, type NonceStore } from "./nonces.js";
import { claimedValue, memoryClaimStore, type ClaimStore, type HeldClaim, type WasSpent } from "./claims.js";
import { onceOnlyFields, type OncePer } from "../validation/once-per.js";
import { OnceOnlyClaims, type HandlerEnd } from "./once-only.js";
import { StoreOutages } from "./store-outages.js";
import { MemoryRateLimits, retryAfterSeconds, type Admission, type RateLimitStore } from "./rate-limit-store.js";
import { isPrivateOperation, operationAt, type PrivateOperationId } from "./routes.js";
import { validateRequest } from "./validate.js";
import { verifyNow, type KeyLookup, type KeyRecord, type Verified, type VerifyResult } from "./verify.js";
import { andThen, isPromise } from "./maybe-promise.js";

/** What the kit tells its log: never a secret, a signature or a body. */
export type ApiLogEntry = {
  level: "warn" | "error";
  /** What happened: a handler threw, an answer broke the document, a store failed. */
  event: "handler-failed" | "handler-missing" | "answer-breaks-document" | "store-failed" | "store-away" | "store-back" | "store-not-durable" | "claim-unresolvable";
  message: string;
  operationId?: string;
  status?: number;
};
export type ApiLogger = (entry: ApiLogEntry) => void;
export const stderrApiLogger: ApiLogger = ({ level, message }) => process.stderr.write(`txc-api server ${level}: ${message}\n`);

export type ApiPipelineOptions<Key extends KeyRecord = KeyRecord> = {
  /** The secret (and business-partner flag) of an API key; undefined for a key the server does not have (401). */
  keys: KeyLookup<Key>;
  handlers: Handlers<Key>;
  /** Where nonces are checked and recorded; default in memory, one process (digits, greater than the last accepted for the key). */
  nonces?: NonceStore;
  /**
   * Where the values of once-only operations (the document's x-once-per: a code applied) are
   * claimed before their handler runs; default in memory, one process.
   */
  claims?: ClaimStore;
  /**
   * Once-only rules the team adds where the document is silent, as `x-once-per` is held:
   * `{ refundDeposit: ["transaction_id"] }` (a deposit refunded once). Each field must be one the
   * operation's body has; the document's own rules stay.
   */
  oncePer?: OncePer;
  /**
   * Asked of a claim whose outcome is unknown (its request's process died, the store failed before
   * the claim was settled, the handler threw): did the request holding `token` spend the value?
   * Answer from the ledger the handler writes to (the token recorded with the credit, or the value
   * itself). Without it, such a claim stays refused, so that a value is never handled twice.
   */
  wasSpent?: WasSpent;
  /** How long a claim is its request's alone before a later request may resolve it through wasSpent (default 30,000 ms): longer than any handler takes. */
  claimLeaseMs?: number;
  /**
   * Refuse (401) a nonce that, read as Unix time in milliseconds, is further than this from the
   * server's clock, past or future. Off by default: the description leaves the window open.
   */
  nonceMaxAgeMs?: number;
  /** Where the documented rate limits are counted; default in memory, one process; false: not enforced. */
  rateLimits?: RateLimitStore | false;
  /** What happens to a handler's answer that breaks the document; default "throw" (answered 500 and logged). */
  responseValidation?: ResponseValidation;
  log?: ApiLogger;
};

/** A request routed to an operation and admitted by the rate limits: its body is worth reading. */
export type Admitted = { operationId: OperationId; request: ApiRequest };

const DEFAULT_CLAIM_LEASE_MS = 30_000;
const RATE_LIMIT_STORE = "rate-limit store";
const partnerOnly = "This endpoint is available only to business-partner services.";
const describeError = (error: unknown) => (error as Error)?.stack ?? String(error);
export const isAdmitted = (value: Reply | Admitted): value is Admitted => "operationId" in value;

export class ApiPipeline<Key extends KeyRecord = KeyRecord> {
  readonly #keys: KeyLookup<Key>;
  readonly #handlers: Handlers<Key>;
  readonly #nonces: NonceStore;
  readonly #claims: OnceOnlyClaims;
  readonly #oncePer: OncePer;
  readonly #outages: StoreOutages;
  readonly #nonceMaxAgeMs: number | undefined;
  readonly #limits: RateLimitStore | false;
  readonly #validation: ResponseValidation;
  readonly #log: ApiLogger;

  constructor(options: ApiPipelineOptions<Key>) {
    this.#keys = options.keys;
    this.#handlers = options.handlers;
    this.#nonces = options.nonces ?? memoryNonceStore();
    this.#nonceMaxAgeMs = options.nonceMaxAgeMs;
    this.#limits = options.rateLimits === undefined ? new MemoryRateLimits() : options.rateLimits;
    this.#validation = options.responseValidation ?? "throw";
    this.#log = options.log ?? stderrApiLogger;
    this.#outages = new StoreOutages(({ event, message }) => this.#log({ level: event === "store-away" ? "error" : "warn", event, message }));
    this.#oncePer = options.oncePer ?? {};
    const store = options.claims ?? memoryClaimStore();
    this.#claims = new OnceOnlyClaims({
      store, wasSpent: options.wasSpent, leaseMs: options.claimLeaseMs ?? DEFAULT_CLAIM_LEASE_MS, outages: this.#outages,
      logError: (operationId, message) => this.#log({ level: "error", event: "store-failed", operationId, status: 500, message }),
    });
    store.warnings?.().then(
      (warnings) => warnings.forEach((message) => this.#log({ level: "warn", event: "store-not-durable", message })),
      () => {},
    );
    if (!store.inProcess && !options.wasSpent) {
      const held = onceOnlyOperations(this.#handlers, this.#oncePer);
      if (held.length) this.#log({ level: "warn", event: "claim-unresolvable", message: `${held.join(", ")}: the claims are shared but no wasSpent was given, so a claim whose outcome is unknown (the store failed before it was settled, a process died mid-handler) stays refused for good; give wasSpent({ value, token }) that asks your ledger` });
    }
  }

  /**
   * Route and rate-limit: the reply to send now (404, 429), or the operation whose body is to be
   * read. Synchronous when the rate-limit store is (the default): no promise per request.
   */
  admit(request: ApiRequest): Reply | Admitted | Promise<Reply | Admitted> {
    const operationId = operationAt(request.method, request.path);
    if (!operationId) return errorReply(request.path, 404, `No endpoint ${request.method} ${request.path}.`);
    // An operation the server does not have is as absent as a path the API lacks: 404 before any other check.
    if (this.#handlers[operationId] === notImplemented) return errorReply(request.path, 404, `${operationId} is not implemented on this server.`);
    if (!this.#limits) return { operationId, request };
    const failed = (error: unknown) => {
      this.#outages.failed(RATE_LIMIT_STORE, error, true);
      return internalErrorReply(request.path);
    };
    const admitted = (admission: Admission) => {
      this.#outages.answered(RATE_LIMIT_STORE);
      return admission === true
        ? { operationId, request }
        : Object.assign(errorReply(request.path, 429, "Rate limit exceeded."), { headers: { "Retry-After": String(retryAfterSeconds(operationId, admission)) } });
    };
    try {
      const room = this.#limits.admit(operationId, request.address);
      return isPromise(room) ? Promise.resolve(room).then(admitted, failed) : admitted(room);
    } catch (error) {
      return failed(error);
    }
  }

  /** The answer to an admitted request, from its raw body: at once when no store or handler made it wait. */
  answer({ operationId, request }: Admitted, rawBody: Uint8Array | string): Reply | Promise<Reply> {
    if (!isPrivateOperation(operationId)) return this.#answerPublic(operationId, request);
    const verified = verifyNow({ path: request.path, headers: request.headers, rawBody }, { keys: this.#keys, nonces: this.#nonces, nonceMaxAgeMs: this.#nonceMaxAgeMs });
    return isPromise(verified) ? Promise.resolve(verified).then((result) => this.#afterVerify(operationId, request, result)) : this.#afterVerify(operationId, request, verified);
  }

  /** Both steps, for a caller that has the body already. */
  async reply(request: ApiRequest, rawBody: () => Uint8Array | string | Promise<Uint8Array | string>): Promise<Reply> {
    const admitted = await this.admit(request);
    return isAdmitted(admitted) ? this.answer(admitted, await rawBody()) : admitted;
  }

  #afterVerify(operationId: PrivateOperationId, request: ApiRequest, verified: VerifyResult<Key>): Reply | Promise<Reply> {
    if (!verified.ok) {
      if (verified.reason === "nonce-store-failed" || verified.reason === "key-store-failed") this.#outages.failed(verified.reason === "nonce-store-failed" ? "nonce store" : "key lookup", verified.detail, true);
      else if (verified.status === 500) this.#log({ level: "error", event: "store-failed", operationId, status: verified.status, message: `${operationId}: ${verified.detail ?? verified.body.message}` });
      return { status: verified.status, body: verified.body };
    }
    this.#outages.answered("nonce store");
    this.#outages.answered("key lookup");
    const refused = this.#refusal(operationId, verified);
    if (refused) return this.#releasing(verified, refused);
    const fields = onceOnlyFields(operationId, this.#oncePer);
    const value = claimedValue(fields, verified.body);
    return value === undefined ? this.#handle(operationId, request, verified) : this.#claimThenHandle(operationId, request, verified, fields, value);
  }

  /** A once-only value claimed before the handler runs, and the claim settled by how the handler ended before the answer leaves. */
  #claimThenHandle(operationId: PrivateOperationId, request: ApiRequest, verified: Verified<Key>, fields: readonly string[], value: string): Reply | Promise<Reply> {
    return andThen(this.#claims.claim(operationId, fields, value, verified.body), (step) => {
      if ("fail" in step) return this.#releasing(verified, internalErrorReply(request.path));
      if ("refuse" in step) return this.#releasing(verified, this.#errorAnswer(operationId, request.path, step.refuse));
      const claim = step.run;
      const settled = (end: HandlerEnd) => this.#claims.settle(operationId, fields, verified.body, claim, end);
      return this.#handle(operationId, request, verified, { claim, settled });
    });
  }

  /** validate, then authorize: the 400 keyed by field, or the partner-only 403. */
  #refusal(operationId: PrivateOperationId, verified: Verified<Key>): Reply | undefined {
    const valid = validateRequest(operationId, verified.body);
    if (!valid.ok) return valid;
    verified.body = valid.body as Record<string, unknown>;
    if (operationIndex[operationId].businessPartnerOnly && !verified.key.partner) return errorReply(operationIndex[operationId].path, 403, partnerOnly);
    return undefined;
  }

  /**
   * A refused request gives its nonce back: every refusal leaves the nonce free. A store that fails
   * to is told as an outage (the nonce stays used: the client signs anew), and the reply stands.
   */
  #releasing(verified: Verified<Key>, reply: Reply): Reply | Promise<Reply> {
    const failed = (error: unknown) => {
      this.#outages.failed("nonce store", error, false);
      return reply;
    };
    try {
      const given = verified.releaseNonce();
      return isPromise(given) ? Promise.resolve(given).then(() => reply, failed) : reply;
    } catch (error) {
      return failed(error);
    }
  }

  #handle(operationId: PrivateOperationId, request: ApiRequest, verified: Verified<Key>, once?: { claim: HeldClaim; settled(end: HandlerEnd): void | Promise<void> }): Reply | Promise<Reply> {
    const handler = this.#handlers[operationId] as (context: object) => unknown;
    const after = (end: HandlerEnd, reply: Reply | Promise<Reply>) => (once ? andThen(once.settled(end), () => reply) : reply);
    // An answer the handler gave spends the claim, even one the document check replaces with 500: the handler acted.
    const answered = (answer: unknown) =>
      answer instanceof ApiError
        ? after("refused", this.#releasing(verified, this.#errorAnswer(operationId, request.path, answer)))
        : after("answered", this.#okAnswer(operationId, request.path, verified.body, answer));
    // The handler may have acted before it failed: its nonce stays used, so that a replay cannot act
    // twice; its claim is settled by the ledger's word (wasSpent), else given back, as the
    // handler's own work is expected to have rolled back.
    const threw = (error: unknown) => (error instanceof ApiError ? answered(error) : after("threw", this.#failed(operationId, request.path, error)));
    try {
      const context = once
        ? { body: verified.body, apiKey: verified.apiKey, key: verified.key, request, claim: once.claim }
        : { body: verified.body, apiKey: verified.apiKey, key: verified.key, request };
      const answer = handler(context);
      return isPromise(answer) ? Promise.resolve(answer).then(answered, threw) : answered(answer);
    } catch (error) {
      return threw(error);
    }
  }

  #answerPublic(operationId: OperationId, request: ApiRequest): Reply | Promise<Reply> {
    const handler = this.#handlers[operationId] as ((context: object) => unknown) | undefined;
    if (!handler) return { status: 200, body: operationIndex[operationId].publicAnswer };
    const answered = (answer: unknown) => (answer instanceof ApiError ? this.#errorAnswer(operationId, request.path, answer) : this.#okAnswer(operationId, request.path, {}, answer));
    const threw = (error: unknown) => (error instanceof ApiError ? answered(error) : this.#failed(operationId, request.path, error));
    try {
      const answer = handler({ request });
      return isPromise(answer) ? Promise.resolve(answer).then(answered, threw) : answered(answer);
    } catch (error) {
      return threw(error);
    }
  }

  #failed(operationId: OperationId, path: string, error: unknown): Reply {
    this.#log({ level: "error", event: "handler-failed", operationId, status: 500, message: `${operationId} handler threw; answered 500: ${describeError(error)}` });
    return internalErrorReply(path);
  }

  #errorAnswer(operationId: OperationId, path: string, error: ApiError): Reply {
    if (!documentsStatus(operationId, error.status) && this.#breaks(operationId, `${operationId} answered ${error.status}, a status the document does not give it`)) {
      return internalErrorReply(path);
    }
    return errorReply(path, error.status, error.message, error.errors);
  }

  #okAnswer(operationId: OperationId, path: string, requestBody: Record<string, unknown>, answer: unknown): Reply {
    if (this.#validation !== "off" && !(answer instanceof JsonText)) {
      const problems = okAnswerProblems(operationId, requestBody, answer);
      if (problems.length && this.#breaks(operationId, `${operationId} answer breaks the document: ${problems.slice(0, 5).join("; ")}`)) return internalErrorReply(path);
    }
    return { status: 200, body: answer };
  }

  /** Logs an answer that breaks the document; true when it is to be answered 500 instead ("throw"). */
  #breaks(operationId: OperationId, message: string): boolean {
    if (this.#validation === "off") return false;
    const replaced = this.#validation === "throw";
    this.#log({ level: replaced ? "error" : "warn", event: "answer-breaks-document", operationId, status: replaced ? 500 : 200, message: replaced ? `${message}; answered 500 instead` : `${message}; sent as it is (responseValidation: "warn")` });
    return replaced;
  }
}

/** The operations a once-only rule holds that this server implements. */
function onceOnlyOperations(handlers: Record<string, unknown>, declared: OncePer): OperationId[] {
  return (Object.keys(operationIndex) as OperationId[]).filter((id) => onceOnlyFields(id, declared).length > 0 && typeof handlers[id] === "function");
}
