// responseValidation: a handler's answer held to the document before it is sent.
import type { OperationId } from "../../generated/operations.js";
import { validators } from "../../generated/validators.js";
import { documentedStatusKey } from "../validation/status-key.js";
import { validationIssues } from "../validation/issues.js";
import { tiedAnswerProblems } from "../validation/tied-answers.js";
import { validatorForStatus } from "../validation/operation-validators.js";

/** "throw": an answer that breaks the document is answered 500 and logged; "warn": sent, and logged; "off": sent unchecked. */
export type ResponseValidation = "throw" | "warn" | "off";

/** Ways a 200 body breaks the document: its schema, then its ties to the request (a refund's id, a page's limit). */
export function okAnswerProblems(operationId: OperationId, requestBody: Record<string, unknown>, answer: unknown): string[] {
  const validate = validatorForStatus(validators[operationId], 200)!;
  if (!validate(answer)) return validationIssues(validate.errors).map((issue) => `the answer's ${issue.message}`);
  return tiedAnswerProblems(operationId, requestBody, answer) ?? [];
}

/** Whether the operation documents an error status (exactly, or by its range). */
export const documentsStatus = (operationId: OperationId, status: number): boolean =>
  documentedStatusKey(status, (key) => Object.hasOwn(validators[operationId].responses, key)) !== undefined;
