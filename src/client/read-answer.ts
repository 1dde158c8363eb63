import { operationIndex } from "../../generated/operations.js";
import type { HttpAnswer } from "../transport/exchange.js";
import { conformanceProblems, readJson } from "../validation/answer-conformance.js";
import { firstDuplicateKey } from "../json/duplicate-keys.js";
import type { OperationValidators } from "../validation/operation-validators.js";
import { tiedAnswerProblems } from "../validation/tied-answers.js";
import { ContractViolationError, httpError } from "../errors/index.js";
import { serverReason } from "../errors/http.js";
import { parseRetryAfter } from "../rate-limits/waiting.js";
import type { OperationId } from "./operation-types.js";

export type AnswerReading = {
  validateResponses: boolean;
  /** The transport kept this key's nonces in order: a 401 then points outside the process. */
  nonceOrderKept: boolean;
};

const NONCES_IN_ORDER =
  ". This process sent this key's nonces in order, so if the key and secret are right, another process or an earlier run may have used a higher nonce with the same key (txc-api's docs/troubleshooting.md: one key in several processes)";

/**
 * Step three of a call, pure: an error status as its error class; a 2xx answer once it conforms
 * to the document (the tester's verdict reads answers with the same `conformanceProblems`), names
 * no field twice in one object, and agrees with the request it answers (a refund's id, a page's limit).
 */
export function readAnswer(operationId: OperationId, { status, headers, text, utf8 }: HttpAnswer, sent: Record<string, unknown>, validators: OperationValidators, reading: AnswerReading): unknown {
  const json = readJson(text, utf8);
  const body = json.ok ? json.value : text;
  if (status < 200 || status >= 300) {
    // Advice on the nonce only where the server's reason is about it, or where it gave none.
    const reason = serverReason(body);
    const nonceAdvice = status === 401 && reading.nonceOrderKept && operationIndex[operationId].signed && (!reason || /nonce/i.test(reason));
    throw httpError(operationId, status, body, parseRetryAfter(headers.get("Retry-After")), nonceAdvice ? NONCES_IN_ORDER : undefined);
  }
  const issues = conformanceProblems(operationId, validators, { status, contentType: headers.get("Content-Type") ?? "", json }, reading.validateResponses).map(({ issue }) => issue);
  // The client's own pick where the description is silent (the tester does not fail a server for it).
  const repeated = json.ok && reading.validateResponses ? firstDuplicateKey(text, json.value) : undefined;
  if (repeated !== undefined) {
    issues.push({ field: "(response)", rule: "contract", message: `the body holds the field ${JSON.stringify(repeated)} twice in one object: which one is meant is not for the client to guess` });
  }
  if (issues.length) throw new ContractViolationError(operationId, status, issues, body);
  if (!reading.validateResponses) return body;
  const contradictions = tiedAnswerProblems(operationId, sent, body) ?? [];
  if (contradictions.length) {
    throw new ContractViolationError(operationId, status, contradictions.map((message) => ({ field: "(response)", rule: "tied-to-request", message })), body);
  }
  return body;
}
