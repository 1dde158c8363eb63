import { credentials, signBodyText, type ApiKeyPair, type Credentials } from "../signing/sign.js";
import { timeNonce } from "../signing/nonce.js";
import { DEFAULT_MAX_RESPONSE_BYTES } from "../transport/defaults.js";
import { networkFailureWords } from "../errors/network.js";
import { sendOnOwnConnection, spreadTransport } from "../transport/spread.js";
import { DEFAULT_CONNECTIONS } from "../transport/turns.js";
import { operationIndex } from "../../generated/operations.js";
import { TransportFailure } from "../transport/exchange.js";
import { sendResendingOnce } from "../transport/resend.js";
import { printable } from "../text/printable.js";
import { redactedHeaders } from "../signing/redact.js";
import type { AttemptEvent } from "../transport/attempt-event.js";
import type { Case, Observation } from "./case.js";
import { caseBodyText } from "./reproduction.js";
import { readJson } from "../validation/answer-conformance.js";

export type { Observation };

/**
 * The server and the identities to sign with: the main keys (one per worker, so that each key's
 * nonces arrive in order), and an ordinary account's for the partner-only check.
 */
export type ServerUnderTest = {
  baseUrl: string;
  timeoutMs: number;
  identities: ApiKeyPair[];
  basic?: ApiKeyPair;
  /** A forward proxy to send through (http://host:port), not `txc-api proxy`. */
  forwardProxy?: string | undefined;
  /**
   * Connections per key (default DEFAULT_CONNECTIONS): requests in a row take them in turn, so that
   * several processes behind one address each see some; a replay is resent once on each of this
   * many connections of its own.
   */
  connections?: number | undefined;
  /** Stops the run: checks not started are not run, requests in flight are abandoned, and the run fails. */
  signal?: AbortSignal | undefined;
  /** Hears each request sent and its answer, redacted as the client's hooks are (--verbose prints it). */
  onExchange?: ((event: AttemptEvent) => void) | undefined;
};

/** Largest answer the tester reads, as the client's; a larger one fails its case. */
const MAX_RESPONSE_BYTES = DEFAULT_MAX_RESPONSE_BYTES;
/** Headers in which servers and mocks explain a refusal (Prism: sl-violations). */
const DIAGNOSTIC_HEADERS = ["sl-violations", "www-authenticate", "retry-after"];


/** The target could not be reached at all. */
export class ConnectionError extends Error {
  override name = "ConnectionError";
}



type Init = { method: string; headers?: Record<string, string>; body?: string; nonce?: string; orderKey?: string; readOnly?: boolean };

/**
 * Sends cases to one target. Key objects are made once per identity, not per request; the body is
 * serialised once and signed as it is sent.
 */
export class Sender {
  readonly #transport;
  readonly #keys = new Map<ApiKeyPair, { right: Credentials; wrong?: Credentials }>();

  readonly #server: ServerUnderTest;
  /** When the last request was sent (Date.now()), the start's included. */
  lastSentAt = 0;
  /** Requests sent, the start's included. */
  requestsSent = 0;

  constructor(server: ServerUnderTest) {
    this.#server = server;
    this.#transport = spreadTransport(this.connections, server.forwardProxy);
  }

  get connections(): number {
    return this.#server.connections ?? DEFAULT_CONNECTIONS;
  }

  #credentials(identity: ApiKeyPair, wrongSecret: boolean): Credentials {
    let keys = this.#keys.get(identity);
    if (!keys) this.#keys.set(identity, (keys = { right: credentials(identity.apiKey, identity.apiSecret) }));
    if (!wrongSecret) return keys.right;
    return (keys.wrong ??= credentials(identity.apiKey, `${identity.apiSecret}-wrong`));
  }

  /** The identity a case is signed with: the ordinary account's, or the main key of its worker. */
  identityOf(testCase: Case, worker: number): ApiKeyPair {
    if (testCase.identity === "basic" && this.#server.basic) return this.#server.basic;
    return this.#server.identities[worker % this.#server.identities.length];
  }

  async #exchange(url: string, init: Init, timeoutMs: number, operationId = "", ownConnection = false): Promise<Observation> {
    this.lastSentAt = Date.now();
    this.requestsSent++;
    const sentAt = performance.now();
    const exchange = { url, ...init, timeoutMs, maxResponseBytes: MAX_RESPONSE_BYTES, ...(this.#server.signal ? { signal: this.#server.signal } : {}) };
    const answer = await (ownConnection ? sendOnOwnConnection(exchange, this.#server.forwardProxy) : this.#transport(exchange));
    this.#server.onExchange?.({
      operationId, attempt: 1, method: init.method, url, nonce: init.nonce,
      bodyBytes: init.body === undefined ? 0 : Buffer.byteLength(init.body), headers: redactedHeaders(init.headers), queuedMs: 0,
      status: answer.status, durationMs: performance.now() - sentAt,
    });
    const diagnostics: Record<string, string> = {};
    for (const name of DIAGNOSTIC_HEADERS) {
      const value = answer.headers.get(name);
      if (value !== null) diagnostics[name] = value;
    }
    return {
      url,
      status: answer.status,
      contentType: answer.headers.get("content-type") ?? "",
      cacheControl: answer.headers.get("cache-control") ?? "",
      text: answer.text,
      json: readJson(answer.text, answer.utf8),
      diagnostics,
    };
  }

  #readOnly(testCase: Case): boolean {
    return !(operationIndex as Record<string, { stateChanging?: boolean }>)[testCase.operationId]?.stateChanging;
  }

  /** The case as sent: signed with a nonce taken now, just before the transport gets it, so that one key's nonces leave in order. */
  #init(testCase: Case, worker: number, identity = this.identityOf(testCase, worker)): Init {
    const readOnly = this.#readOnly(testCase);
    if (!testCase.fields) return { method: testCase.method, readOnly };
    const tamper = testCase.tamper;
    const nonce = timeNonce(identity.apiKey);
    const body = caseBodyText(testCase, nonce);
    const headers: Record<string, string> = signBodyText(body, this.#credentials(identity, tamper?.kind === "wrong-secret"));
    if (tamper?.kind === "omit-header") delete headers[tamper.header];
    return { method: testCase.method, headers, body: tamper?.kind === "other-body" ? `${body} ` : body, nonce, orderKey: identity.apiKey, readOnly };
  }

  /** Sends one case, signed and tampered with as it says, and returns what came back. */
  async observe(testCase: Case, { worker = 0, timeoutMs = this.#server.timeoutMs } = {}): Promise<Observation> {
    const url = this.#server.baseUrl + testCase.path;
    try {
      if (testCase.tamper?.kind === "replay") return await this.#replayed(url, this.#init(testCase, worker), timeoutMs, testCase.operationId);
      return await sendResendingOnce(() => this.#exchange(url, this.#init(testCase, worker), timeoutMs, testCase.operationId), this.#readOnly(testCase));
    } catch (error) {
      if (error instanceof TransportFailure && (error.kind === "redirect" || error.kind === "too-large")) {
        return { url, status: error.detail.status ?? 0, contentType: "", cacheControl: "", text: "", json: { ok: false, why: "the answer was not read" }, diagnostics: {}, transportProblem: error.message };
      }
      throw connectionError(testCase, url, timeoutMs, error);
    }
  }

  /**
   * A signed request sent, then, once accepted, sent again as it was on each of `connections`
   * connections of its own, all at once: behind a balancer these reach the other processes, where a
   * nonce kept per process would let it in, even a balancer that keeps its upstream connections
   * alive (requests in flight together take connections of their own upstream; requests in a row
   * would reuse one, to one process). The first resend not refused 401 is the answer judged (else
   * the last); a first sending refused is returned as it is, to be noted.
   */
  async #replayed(url: string, init: Init, timeoutMs: number, operationId: string): Promise<Observation> {
    const first = await this.#exchange(url, init, timeoutMs, operationId);
    if (first.status < 200 || first.status >= 300) return { ...first, firstStatus: first.status };
    const resent = await Promise.all(Array.from({ length: this.connections }, () => this.#exchange(url, init, timeoutMs, operationId, true)));
    return { ...(resent.find((observation) => observation.status !== 401) ?? resent.at(-1)!), firstStatus: first.status };
  }

  /**
   * The same case signed by each identity given, all sent at once, each on a connection of its
   * own: a race for a once-only value. A request that could not connect counts as not answered.
   */
  async race(testCase: Case, identities: ApiKeyPair[], timeoutMs = this.#server.timeoutMs): Promise<(Observation | undefined)[]> {
    const url = this.#server.baseUrl + testCase.path;
    const inits = identities.map((identity) => this.#init(testCase, 0, identity));
    return Promise.all(inits.map((init) => this.#exchange(url, init, timeoutMs, testCase.operationId, true).catch(() => undefined)));
  }
}

/** A request that got no answer to judge, in the words the run reports. */
function connectionError(testCase: Case, url: string, timeoutMs: number, error: unknown): ConnectionError {
  const reason = !(error instanceof TransportFailure) ? networkFailureWords(error)
    : error.kind === "timeout" ? `no whole answer within ${timeoutMs} ms`
    : printable(error.ownWords ?? networkFailureWords(error), 300);
  return new ConnectionError(`${testCase.method} ${url}: ${reason}`);
}
