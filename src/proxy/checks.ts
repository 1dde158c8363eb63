// What the proxy holds each exchange of live traffic to: the document's rules already in the
// package (the validators, the answer reading of the client and the tester, the ties to the
// request, the signing rules, the documented rate limits), applied to what really went by.
import { createHmac, timingSafeEqual } from "node:crypto";
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { validators } from "../../generated/validators.js";
import { SIGNING_FIELDS } from "../signing/sign.js";
import { API_KEY_HEADER, PAYLOAD_HEADER, SIGNATURE_HEADER } from "../signing/headers.js";
import { closest } from "../text/closest.js";
import { printable } from "../text/printable.js";
import { conformanceProblems, readJson } from "../validation/answer-conformance.js";
import { validationIssues } from "../validation/issues.js";
import { tiedAnswerProblems } from "../validation/tied-answers.js";
import { SlidingWindows, windowsOf } from "../rate-limits/sliding-windows.js";

/** The proxy's checks, as its reports name them. */
export const PROXY_CHECKS = ["documented-operation", "signing-headers", "request-path", "nonce-order", "request-body", "signature", "status", "answer", "tied-answers", "rate-limits"] as const;
export type ProxyCheck = (typeof PROXY_CHECKS)[number];

export type Exchange = {
  method: string;
  /** The path as requested, without the query. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The upstream's answer; undefined when there was none (the proxy answered 502). */
  answer?: { status: number; contentType: string; body: Buffer };
};

export type Finding = { check: ProxyCheck; message: string };
export type Judged = { operationId: OperationId | null; ran: ProxyCheck[]; findings: Finding[] };

const header = (headers: Exchange["headers"], name: string) => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/** The documented operation of a method and path, the way the sandbox routes: exactly as sent. */
export function operationAt(method: string, path: string): OperationId | null {
  for (const [id, operation] of Object.entries(operationIndex) as [OperationId, (typeof operationIndex)[OperationId]][]) {
    if (operation.method === method && operation.path === path) return id;
  }
  return null;
}

/** The state kept across exchanges: the last nonce of each key, and the requests of each documented rate-limit window. */
export class ProxyState {
  readonly lastNonce = new Map<string, bigint>();
  readonly windows = new SlidingWindows();
  constructor(readonly credentials: ReadonlyMap<string, string> = new Map()) {}
}

const sameSignature = (expected: string, given: string) =>
  expected.length === given.length && timingSafeEqual(Buffer.from(expected), Buffer.from(given));

/** The request of a signed operation against the signing rules and its body schema. */
function judgeSignedRequest(operationId: OperationId, exchange: Exchange, state: ProxyState, ran: ProxyCheck[], findings: Finding[]): Record<string, unknown> | undefined {
  const find = (check: ProxyCheck, message: string) => findings.push({ check, message });
  const { path } = operationIndex[operationId];
  const apiKey = header(exchange.headers, API_KEY_HEADER);
  const payload = header(exchange.headers, PAYLOAD_HEADER);
  const signature = header(exchange.headers, SIGNATURE_HEADER);
  ran.push("signing-headers");
  const missing = [[API_KEY_HEADER, apiKey], [PAYLOAD_HEADER, payload], [SIGNATURE_HEADER, signature]].filter(([, value]) => !value).map(([name]) => name);
  if (missing.length) find("signing-headers", `missing ${missing.join(", ")}`);
  else if (payload !== exchange.body.toString("base64")) find("signing-headers", `${PAYLOAD_HEADER} is not the base64 of the body sent`);
  const json = readJson(exchange.body.toString("utf8"), true);
  if (!json.ok || !json.value || typeof json.value !== "object" || Array.isArray(json.value)) {
    ran.push("request-body");
    find("request-body", "the body is not a JSON object");
    return undefined;
  }
  const body = json.value as Record<string, unknown>;
  ran.push("request-path");
  if (body.request !== path) find("request-path", `the body's request is ${printable(JSON.stringify(body.request ?? null), 80)}, not the path called, ${path}`);
  ran.push("nonce-order");
  // The description: a string, unique per request; "greater than the last" only reads where it is a number.
  if (typeof body.nonce !== "string") find("nonce-order", `the nonce is ${printable(JSON.stringify(body.nonce ?? null), 40)}, not a string`);
  else if (apiKey && /^\d+$/.test(body.nonce)) {
    const nonce = BigInt(body.nonce);
    const last = state.lastNonce.get(apiKey);
    if (last !== undefined && nonce <= last) find("nonce-order", `the nonce ${body.nonce} is not greater than the last one of this key, ${last}`);
    else state.lastNonce.set(apiKey, nonce);
  }
  ran.push("request-body");
  const listed: string[] = (operationIndex[operationId].requestFields as readonly string[]).filter((field) => !SIGNING_FIELDS.has(field));
  for (const name of Object.keys(body)) {
    if (SIGNING_FIELDS.has(name) || listed.includes(name)) continue;
    const meant = closest(name, listed);
    // An unlisted field is allowed (ccxt sends nonceWindow); one close to a listed name is a typo.
    if (meant) find("request-body", `${printable(name, 40)} is not a field of ${operationId}: did you mean ${meant}?`);
  }
  const validate = validators[operationId].request;
  if (validate && !validate(body)) for (const issue of validationIssues(validate.errors)) find("request-body", issue.message);
  const secret = apiKey ? state.credentials.get(apiKey) : undefined;
  if (secret && payload && signature) {
    ran.push("signature");
    if (!sameSignature(createHmac("sha512", secret).update(payload).digest("hex"), signature)) find("signature", `${SIGNATURE_HEADER} is not the HMAC-SHA512 of the payload with this key's secret`);
  }
  return body;
}

/** The answer against its status, its schema and the request it answers; a 429 against the documented limits. */
function judgeAnswer(operationId: OperationId, exchange: Exchange, sent: Record<string, unknown> | undefined, roomLeft: boolean, ran: ProxyCheck[], findings: Finding[]) {
  const answer = exchange.answer!;
  const json = readJson(answer.body.toString("utf8"), true);
  const problems = conformanceProblems(operationId, validators[operationId], { status: answer.status, contentType: answer.contentType, json });
  ran.push("status", "answer");
  for (const { kind, issue } of problems) findings.push({ check: kind === "undocumented-status" ? "status" : "answer", message: issue.message });
  if (answer.status === 429) {
    ran.push("rate-limits");
    if (roomLeft) findings.push({ check: "rate-limits", message: "429 while the documented limits leave room: the limits are stricter than the document's, or another client shares the address" });
  }
  if (problems.length === 0 && answer.status >= 200 && answer.status < 300 && sent && json.ok) {
    const contradictions = tiedAnswerProblems(operationId, sent, json.value);
    if (contradictions) {
      ran.push("tied-answers");
      for (const message of contradictions) findings.push({ check: "tied-answers", message });
    }
  }
}

/** One exchange judged: the request as it went, then the answer as it came back. */
export function judgeExchange(exchange: Exchange, state: ProxyState, now = Date.now()): Judged {
  const ran: ProxyCheck[] = ["documented-operation"];
  const findings: Finding[] = [];
  const operationId = operationAt(exchange.method, exchange.path);
  if (!operationId) {
    findings.push({ check: "documented-operation", message: `${exchange.method} ${printable(exchange.path, 100)} is no operation of the document` });
    return { operationId, ran, findings };
  }
  const sent = operationIndex[operationId].signed ? judgeSignedRequest(operationId, exchange, state, ran, findings) : undefined;
  // Counted as the API counts: every request in its documented windows, refused or not.
  const windows = windowsOf(operationId);
  const roomLeft = windows.length > 0 && state.windows.reserve(windows, now) === 0;
  if (exchange.answer) judgeAnswer(operationId, exchange, sent, roomLeft, ran, findings);
  return { operationId, ran, findings };
}
