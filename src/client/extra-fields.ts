import { operations } from "../../generated/operations.js";
import type { ValidationIssue } from "../validation/issues.js";
import type { OperationId } from "./operation-types.js";

/** Fields the document does not list, sent as given on signed calls (for example `{ nonceWindow: true }`). */
export type ExtraFields = Readonly<Record<string, unknown>>;

/**
 * The extra fields of one call: the client's, then the call's. A name the document lists for the
 * operation belongs in the parameters, where it is typed and validated, so it is refused here
 * rather than silently replaced or replacing.
 */
export function extraFieldsFor(operationId: OperationId, fromClient: ExtraFields | undefined, fromCall: ExtraFields | undefined) {
  if (!fromClient && !fromCall) return { fields: undefined, issues: [] };
  const fields: Record<string, unknown> = { ...fromClient, ...fromCall };
  const documented: readonly string[] = operations[operationId].requestFields;
  const issues: ValidationIssue[] = Object.keys(fields)
    .filter((name) => documented.includes(name) || name === "request" || name === "nonce")
    .map((name) => ({
      field: name,
      rule: "extraFields",
      message: `${name} is a field of ${operationId} in the document: pass it as a parameter, not in extraFields`,
    }));
  return { fields, issues };
}
