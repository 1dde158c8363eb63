import { contractFacts } from "../../generated/contract-facts.js";
import { operationIndex, type OperationId } from "../../generated/operations.js";

export { SIGNING_FIELDS } from "../signing/sign.js";

export type Schema = Record<string, any>;
export type { OperationId };

// What the tester reads of the document comes distilled at build time (scripts/contract-facts.mjs):
// request schemas arrive with every $ref resolved, and no file is read at run time.

/** The request body schema, or undefined for operations without a body. */
export function requestSchema(operationId: OperationId): Schema | undefined {
  return contractFacts[operationId].requestSchema ?? undefined;
}

/** The documented request examples, without `request` and `nonce` (the signer sets those). */
export function requestExamples(operationId: OperationId): { name: string; fields: Record<string, unknown> }[] {
  return contractFacts[operationId].requestExamples;
}

/** Real request fields for an operation: the fixture given for it (--fixtures), else its first documented example. */
export function realFields(operationId: OperationId, fixtures: Partial<Record<OperationId, Record<string, unknown>>>): Record<string, unknown> {
  return fixtures[operationId] ?? requestExamples(operationId)[0]?.fields ?? {};
}

/** The fields whose errors the document says are keyed by name (`x-errors-keyed-by` on its 400). */
export function documentedErrorKeys(operationId: OperationId): Set<string> {
  return new Set(contractFacts[operationId].errorKeys);
}

/** The statuses the document declares for an operation, such as 200, 400 and 4XX. */
export function documentedStatuses(operationId: OperationId): string[] {
  return contractFacts[operationId].statuses;
}

export const operationIds = Object.keys(operationIndex) as OperationId[];
export { operationIndex };
