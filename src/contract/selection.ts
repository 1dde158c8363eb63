// What a run leaves out, and why: operations not asked for or that change state, checks not asked
// for, opt-in, or idle for want of a key. Reports list them, so that a filtered run never reads
// as a whole one.
import { CHECK_NAMES, checkNamed, type CheckName } from "./checks/registry.js";
import { operationIds, operationIndex, type OperationId } from "../../generated/operations.js";

export type NotSelected = {
  operations: { operationId: OperationId; reason: string }[];
  checks: { check: CheckName; reason: string }[];
};

export type SelectionOptions = {
  operations: readonly OperationId[];
  checks: ReadonlySet<CheckName>;
  includeMutations: boolean;
  hasBasicIdentity: boolean;
};

export const MUTATIONS_LEFT_OUT = "changes state: sent only with --include-mutations";

function operationReason(operationId: OperationId, options: SelectionOptions): string | undefined {
  if (!options.operations.includes(operationId)) return "not among the operations selected";
  if (operationIndex[operationId].stateChanging && !options.includeMutations) return MUTATIONS_LEFT_OUT;
  return undefined;
}

function checkReason(check: CheckName, options: SelectionOptions): string | undefined {
  const { optIn, needs } = checkNamed(check);
  if (!options.checks.has(check)) return optIn ? "opt-in: it sends a thousand requests or more" : "not among the checks selected";
  if (needs === "basic-identity" && !options.hasBasicIdentity) return "needs an ordinary account's key in TXC_API_KEY_BASIC and TXC_API_SECRET_BASIC";
  if (needs === "mutations" && !options.includeMutations) return MUTATIONS_LEFT_OUT;
  return undefined;
}

/** The document's operations and the registry's checks that the run does not exercise, each with its reason. */
export function notSelected(options: SelectionOptions): NotSelected {
  return {
    operations: operationIds.flatMap((operationId) => {
      const reason = operationReason(operationId, options);
      return reason ? [{ operationId, reason }] : [];
    }),
    checks: CHECK_NAMES.flatMap((check) => {
      const reason = checkReason(check, options);
      return reason ? [{ check, reason }] : [];
    }),
  };
}
