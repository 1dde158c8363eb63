import type { OperationId } from "../../generated/operations.js";
import type { ValidateFunction } from "../../generated/validator-types.js";
import { validatorLoaders, type OperationValidators } from "../../generated/validator-loaders.js";
import { documentedStatusKey } from "./status-key.js";

export type { OperationValidators };

const loaded = new Map<OperationId, OperationValidators>();

/** An operation's validators if its module is loaded already. */
export const loadedValidators = (operationId: OperationId): OperationValidators | undefined => loaded.get(operationId);

/**
 * Loads an operation's own validators module on its first use: a client that calls one operation
 * reads that operation's code alone, not every operation's.
 */
export async function loadValidators(operationId: OperationId): Promise<OperationValidators> {
  const validators = await validatorLoaders[operationId]();
  loaded.set(operationId, validators);
  return validators;
}

/** The validator documented for a status: the exact code, else its range (4XX), else `default`. */
export function validatorForStatus({ responses }: OperationValidators, status: number): ValidateFunction | undefined {
  const key = documentedStatusKey(status, (candidate) => Object.hasOwn(responses, candidate));
  return key === undefined ? undefined : responses[key];
}
