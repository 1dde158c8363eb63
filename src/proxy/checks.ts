// What the proxy holds each exchange of live traffic to: the document's rules already in the
// package (the kit's verification and request validation, the answer reading of the client and
// the tester, the ties to the request, the documented rate limits), applied to what really went by.
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { SIGNING_FIELDS } from "../signing/body.js";
import { API_KEY_HEADER } from "../signing/headers.js";
import { closest } from "../text/closest.js";
import { printable } from "../text/printable.js";
import { readJson } from "../validation/answer-conformance.js";
import { judgedBy } from "../validation/answer-oracles.js";
import { SlidingWindows, windowsOf } from "../rate-limits/sliding-windows.js";
import { isPrivateOperation, operationAt, type PrivateOperationId } from "../server/routes.js";
import { validateRequest } from "../server/validate.js";
import { verifySignedRequest, type VerifyReason } from "../server/verify.js";
import { observedNonceRule } from "./nonce-rule.js";
import { OnceOnlyAnswers } from "./once-only-rule.js";
import type { OncePer } from "../validation/once-per.js";
import { WorkflowChains } from "../workflows/chains.js";

import type { ProxyCheck } from "./check-names.js";
import type { CarriedExchange } from "./traffic.js";


export type ProxyFinding = { check: ProxyCheck; message: string };
/** An exchange judged: the checks that ran, what they found, and what the document answers a request it refuses. */
export type Judged = { operationId: OperationId | null; ran: ProxyCheck[]; findings: ProxyFinding[]; expected?: DocumentedAnswer };

const header = (headers: CarriedExchange["headers"], name: string) => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The state kept across exchanges: the nonces of each key, the requests of each documented
 * rate-limit window, the workflows each key is in, the values spent of once-only operations.
 */
export class ProxyState {
  readonly nonces = observedNonceRule();
  readonly windows = new SlidingWindows();
  readonly chains = new WorkflowChains();
  readonly onceOnly: OnceOnlyAnswers;
  readonly #secrets: ReadonlyMap<string, string>;
  constructor(credentials: ReadonlyMap<string, string> = new Map(), oncePer: OncePer = {}) {
    this.#secrets = credentials;
    this.onceOnly = new OnceOnlyAnswers(oncePer);
  }
  /** The key lookup of the verification: a key whose secret the proxy was not given has its signature left unchecked. */
  readonly keys = (apiKey: string) => {
    const secret = this.#secrets.get(apiKey);
    return secret === undefined ? undefined : { secret, partner: true };
  };
}

/** The proxy's check that each of the kit's refusals falls under, in the order the kit checks. */
const CHECK_OF_REASON: Record<VerifyReason, ProxyCheck> = {
  "missing-header": "signing-headers", "unknown-key": "signing-headers", "payload-mismatch": "signing-headers", "body-reserialised": "signing-headers",
  "raw-body-required": "signing-headers", "options-invalid": "signing-headers", "key-store-failed": "signing-headers", signature: "signature", "content-type": "request-body", "not-utf8": "request-body",
  "not-json": "request-body", "duplicate-field": "request-body", "not-object": "request-body", "request-path": "request-path", "nonce-format": "nonce-order",
  "nonce-reused": "nonce-order", "nonce-stale": "nonce-order", "nonce-store-failed": "nonce-order",
};
const VERIFICATION_ORDER: ProxyCheck[] = ["signing-headers", "signature", "request-body", "request-path", "nonce-order"];

/** "Missing X." as a finding: "missing X" (a header name keeps its case). */
const asFinding = (message: string) => message.replace(/^[A-Z](?=[a-z])/, (first) => first.toLowerCase()).replace(/\.$/, "");

/** What the document answers a request the verification refuses: the status and body a server built on the kit sends. */
export type DocumentedAnswer = { status: number; body: unknown; reason: VerifyReason | "request-schema" };

/** The request of a signed operation: verified as the kit verifies, then its body against the operation's fields and schema. */
async function judgeSignedRequest(operationId: PrivateOperationId, exchange: CarriedExchange, state: ProxyState, ran: ProxyCheck[], findings: ProxyFinding[]) {
  const { path } = operationIndex[operationId];
  const verified = await verifySignedRequest({ path, headers: exchange.headers, rawBody: exchange.body }, { keys: state.keys, nonces: state.nonces, unknownKeys: "skip-signature" });
  const failedCheck = verified.ok ? undefined : CHECK_OF_REASON[verified.reason];
  for (const check of VERIFICATION_ORDER) {
    if (check === "signature" && (verified.ok || failedCheck !== "signature") && !state.keys(String(header(exchange.headers, API_KEY_HEADER)))) continue;
    ran.push(check);
    if (check === failedCheck) break;
  }
  let expected: DocumentedAnswer | undefined;
  if (!verified.ok) {
    findings.push({ check: failedCheck!, message: asFinding(verified.body.message) });
    expected = { status: verified.status, body: verified.body, reason: verified.reason };
  }
  const json = verified.ok ? { ok: true as const, value: verified.body } : readJson(exchange.body.toString("utf8"), true);
  if (!json.ok || !json.value || typeof json.value !== "object" || Array.isArray(json.value)) return { expected, valid: false };
  const body = json.value as Record<string, unknown>;
  if (!ran.includes("request-body")) ran.push("request-body");
  const listed: string[] = (operationIndex[operationId].requestFields as readonly string[]).filter((field) => !SIGNING_FIELDS.has(field));
  for (const name of Object.keys(body)) {
    if (SIGNING_FIELDS.has(name) || listed.includes(name)) continue;
    const meant = closest(name, listed);
    // An unlisted field is allowed (ccxt sends nonceWindow); one close to a listed name is a typo.
    if (meant) findings.push({ check: "request-body", message: `${printable(name, 40)} is not a field of ${operationId}: did you mean ${meant}?` });
  }
  const validation = validateRequest(operationId, body);
  if (!validation.ok) {
    for (const messages of Object.values(validation.errors)) for (const message of messages) findings.push({ check: "request-body", message });
    expected ??= { status: validation.status, body: validation.body, reason: "request-schema" };
  }
  return { body, expected, valid: verified.ok && validation.ok };
}

/** The answer judged by the answer oracles the tester judges its own with; a 429 against the documented limits. */
function judgeAnswer(operationId: OperationId, exchange: CarriedExchange, request: { body?: Record<string, unknown>; valid: boolean } | undefined, roomLeft: boolean, ran: ProxyCheck[], findings: ProxyFinding[]) {
  const answer = exchange.answer!;
  const judged = judgedBy({
    operationId, sent: request?.body, sentBytes: exchange.body.length, validRequest: request?.valid ?? false,
    answer: { status: answer.status, contentType: answer.contentType, cacheControl: String(answer.headers?.["cache-control"] ?? ""), json: readJson(answer.body.toString("utf8"), true) },
  });
  for (const { oracle, findings: found } of judged) {
    ran.push(oracle);
    for (const { message } of found) findings.push({ check: oracle, message });
  }
  if (answer.status === 429) {
    ran.push("rate-limits");
    if (roomLeft) findings.push({ check: "rate-limits", message: "429 while the documented limits leave room: the limits are stricter than the document's, or another client shares the address" });
  }
}

/** A valid request's exchange as a step of the workflows its key is in (workflows/chains.ts): a step that breaks an open chain is a finding. */
function followWorkflows(operationId: OperationId, exchange: CarriedExchange, body: Record<string, unknown>, state: ProxyState, ran: ProxyCheck[], findings: ProxyFinding[]) {
  const answer = exchange.answer!;
  const json = readJson(answer.body.toString("utf8"), true);
  const fields = Object.fromEntries(Object.entries(body).filter(([field]) => !SIGNING_FIELDS.has(field)));
  const key = String(header(exchange.headers, API_KEY_HEADER) ?? "");
  const followed = state.chains.follow(key, { operationId, fields, status: answer.status, body: json.ok ? json.value : undefined });
  if (followed.continued) ran.push("workflows");
  for (const { workflowId, stepId, after, unmet } of followed.broken) {
    findings.push({ check: "workflows", message: `a broken chain: this exchange is step ${stepId} of workflow ${workflowId}, after ${after.join(", ")} of the same key, and ${unmet.join("; ")}` });
  }
}

/** One exchange judged: the request as it went, then the answer as it came back. */
export async function judgeExchange(exchange: CarriedExchange, state: ProxyState, now = Date.now()): Promise<Judged> {
  const ran: ProxyCheck[] = ["documented-operation"];
  const findings: ProxyFinding[] = [];
  const operationId = operationAt(exchange.method, exchange.path) ?? null;
  if (!operationId) {
    findings.push({ check: "documented-operation", message: `${exchange.method} ${printable(exchange.path, 100)} is no operation of the document` });
    return { operationId, ran, findings };
  }
  const request = isPrivateOperation(operationId) ? await judgeSignedRequest(operationId, exchange, state, ran, findings) : undefined;
  // Counted as the API counts: every request in its documented windows, refused or not.
  const windows = windowsOf(operationId);
  const roomLeft = windows.length > 0 && state.windows.reserve(windows, now) === 0;
  if (exchange.answer) judgeAnswer(operationId, exchange, request, roomLeft, ran, findings);
  if (exchange.answer && request?.valid && request.body) followWorkflows(operationId, exchange, request.body, state, ran, findings);
  if (exchange.answer && request?.body && state.onceOnly.applies(operationId)) {
    ran.push("once-only");
    const second = state.onceOnly.answered(operationId, request.body, exchange.answer.status);
    if (second) findings.push({ check: "once-only", message: second });
  }
  return { operationId, ran, findings, ...(request?.expected ? { expected: request.expected } : {}) };
}
