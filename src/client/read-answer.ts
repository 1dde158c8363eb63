import { operationIndex } from "../../generated/operations.js";
import type { HttpAnswer } from "../transport/exchange.js";
import { firstDuplicateKey } from "../json/duplicate-keys.js";
import { contentTypeProblem } from "../validation/content-type.js";
import { validationIssues } from "../validation/issues.js";
import { validatorForStatus, type OperationValidators } from "../validation/operation-validators.js";
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
 * Step three of a call, pure: an error status as its error class; a 200 body once it is JSON
 * (valid UTF-8, no key twice in one object), valid against the document and in agreement with the
 * request it answers (a refund's id, a page's limit).
 */
export function readAnswer(operationId: OperationId, { status, headers, text, utf8 }: HttpAnswer, sent: Record<string, unknown>, validators: OperationValidators, reading: AnswerReading): unknown {
  if (status < 200 || status >= 300) {
    let errorBody: unknown = text;
    try {
      errorBody = JSON.parse(text);
    } catch {}
    const error = httpError(operationId, status, errorBody, parseRetryAfter(headers.get("Retry-After")));
    if (status === 401 && reading.nonceOrderKept && operationIndex[operationId].signed) error.message += NONCES_IN_ORDER;
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
  if (!reading.validateResponses) return body;
  const repeated = firstDuplicateKey(text);
  if (repeated !== undefined) throw violation(`the body holds the field ${JSON.stringify(repeated)} twice in one object: which one is meant is not for the client to guess`, body);
  const validate = validatorForStatus(validators, 200)!;
  if (!validate(body)) throw new ContractViolationError(operationId, status, validationIssues(validate.errors), body);
  const contradictions = tiedAnswerProblems(operationId, sent, body) ?? [];
  if (contradictions.length) {
    throw new ContractViolationError(operationId, status, contradictions.map((message) => ({ field: "(response)", rule: "tied-to-request", message })), body);
  }
  return body;
}
