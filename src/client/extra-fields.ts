import { SIGNING_FIELDS } from "../signing/body.js";
import type { ValidationIssue } from "../validation/issues.js";

/** Fields the document does not list, sent as given on signed calls (for example `{ nonceWindow: true }`). */
export type ExtraFields = Readonly<Record<string, unknown>>;

/**
 * The extra fields of one call: the client's, then the call's. A name that is also a parameter of
 * the call, or a signing field, is refused rather than silently replaced or replacing; the
 * merged body is validated against the document like any other.
 */
export function extraFieldsFor(params: object | undefined, fromClient: ExtraFields | undefined, fromCall: ExtraFields | undefined) {
  if (!fromClient && !fromCall) return { fields: undefined, issues: [] };
  const fields: Record<string, unknown> = { ...fromClient, ...fromCall };
  const issues: ValidationIssue[] = Object.keys(fields)
    .filter((name) => SIGNING_FIELDS.has(name) || (params !== undefined && Object.hasOwn(params, name)))
    .map((name) => ({ field: name, rule: "extraFields", message: `${name} is given as an extra field and also set by the call: give it once, as a parameter` }));
  return { fields, issues };
}
