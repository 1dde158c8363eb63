import type { ValidateFunction } from "../../generated/validator-types.js";
import { validators } from "../../generated/validators.js";
import { validatorForStatus, type OperationValidators } from "./operation-validators.js";

export type ValidatedOperationId = keyof typeof validators;

// Every operation's validators at once, for the sandbox and the tester, which use them all. The
// client loads each operation's own module on first use instead (operation-validators.ts).

export function requestValidator(operationId: ValidatedOperationId): ValidateFunction | null {
  return validators[operationId].request;
}

/** The validator documented for a status: the exact code, else its range (4XX), else `default`. */
export function responseValidator(operationId: ValidatedOperationId, status: number): ValidateFunction | undefined {
  return validatorForStatus(validators[operationId] as OperationValidators, status);
}
