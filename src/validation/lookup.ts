import type { ValidateFunction } from "../../generated/validator-types.js";
import { validators } from "../../generated/validators.js";
import { documentedStatusKey } from "./status-key.js";

export type ValidatedOperationId = keyof typeof validators;

export function requestValidator(operationId: ValidatedOperationId): ValidateFunction | null {
  return validators[operationId].request;
}

/** The validator documented for a status: the exact code, else its range (4XX), else `default`. */
export function responseValidator(operationId: ValidatedOperationId, status: number): ValidateFunction | undefined {
  const responses = validators[operationId].responses as Record<string, ValidateFunction>;
  const key = documentedStatusKey(status, (candidate) => Object.hasOwn(responses, candidate));
  return key === undefined ? undefined : responses[key];
}
