import { operationIndex } from "../../generated/operations.js";
import type { HttpAnswer } from "../transport/exchange.js";
import { conformanceProblems, readJson } from "../validation/answer-conformance.js";
import type { OperationValidators } from "../validation/operation-validators.js";
import { tiedAnswerProblems } from "../validation/tied-answers.js";
import { ContractViolationError, httpError } from "../errors/index.js";
import { parseRetryAfter } from "./retry.js";
import type { OperationId } from "./operation-types.js";

export type AnswerReading = {
  validateResponses: boolean;
  /** The transport kept this key's nonces in order: a 401 then points outside the process. */
  nonceOrderKept: boolean;
};

const NONCES_IN_ORDER =
  ". This process sent this key's nonces in order, so if the key and secret are right, another process or an earlier run may have used a higher nonce with the same key (README: Troubleshooting, one key in several processes)";

/**
 * Step three of a call, pure: an error status as its error class; a 2xx answer once it conforms
 * to the document (the tester's verdict reads answers with the same `conformanceProblems`) and
 * agrees with the request it answers (a refund's id, a page's limit).
 */
export function readAnswer(operationId: OperationId, { status, headers, text, utf8 }: HttpAnswer, sent: Record<string, unknown>, validators: OperationValidators, reading: AnswerReading): unknown {
  const json = readJson(text, utf8);
  const body = json.ok ? json.value : text;
  if (status < 200 || status >= 300) {
    const error = httpError(operationId, status, body, parseRetryAfter(headers.get("Retry-After")));
    if (status === 401 && reading.nonceOrderKept && operationIndex[operationId].signed) error.message += NONCES_IN_ORDER;
    throw error;
  }
  const problems = conformanceProblems(operationId, validators, { status, contentType: headers.get("Content-Type") ?? "", text, json }, reading.validateResponses);
  if (problems.length) throw new ContractViolationError(operationId, status, problems.map(({ issue }) => issue), body);
  if (!reading.validateResponses) return body;
  const contradictions = tiedAnswerProblems(operationId, sent, body) ?? [];
  if (contradictions.length) {
    throw new ContractViolationError(operationId, status, contradictions.map((message) => ({ field: "(response)", rule: "tied-to-request", message })), body);
  }
  return body;
}
