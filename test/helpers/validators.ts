import type { ValidateFunction } from "../../generated/validator-types.js";
import { validators } from "../../generated/validators.js";
import { validatorForStatus, type OperationValidators } from "../../src/validation/operation-validators.js";

export type ValidatedOperationId = keyof typeof validators;

/** The generated validator the document gives an answer of this status (exact code, else its range, else default). */
export function responseValidator(operationId: ValidatedOperationId, status: number): ValidateFunction | undefined {
  return validatorForStatus(validators[operationId] as OperationValidators, status);
}
