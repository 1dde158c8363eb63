import { operationIndex } from "../../generated/operations.js";
import { validators } from "../../generated/validators.js";
import { validationIssues } from "../validation/issues.js";
import type { RequestBody } from "../client/operation-types.js";
import { errorReply, privateErrorBody, type FieldErrors } from "./error-bodies.js";
import type { PrivateOperationId } from "./routes.js";

/** The request body as validated, with the document's defaults applied (limit and offset are there). */
export type HandledBody<Id extends PrivateOperationId> = RequestBody<Id> &
  Required<Pick<RequestBody<Id>, keyof (typeof operationIndex)[Id]["requestDefaults"] & keyof RequestBody<Id>>>;

export type RequestValidation<Id extends PrivateOperationId> =
  | { ok: true; body: HandledBody<Id> }
  | { ok: false; status: 400; body: ReturnType<typeof privateErrorBody>; errors: FieldErrors };

/** Messages by top-level field; a Map, so that a field named `constructor` or `__proto__` is just a name. */
function errorsByField(errors: Parameters<typeof validationIssues>[0]): FieldErrors {
  const byField = new Map<string, string[]>();
  for (const issue of validationIssues(errors)) {
    const field = issue.field.split(/[.[]/)[0]!;
    byField.set(field, [...(byField.get(field) ?? []), issue.message]);
  }
  return Object.fromEntries(byField);
}

/** The operations whose document gives request defaults: only their bodies are copied to apply them. */
const hasDefaults = new Set<string>(Object.entries(operationIndex).filter(([, op]) => Object.keys(op.requestDefaults).length > 0).map(([id]) => id));

/**
 * A parsed body against the operation's request schema: the body with the document's defaults
 * applied, or the documented 400 ("Validation failed", errors keyed by top-level field).
 */
export function validateRequest<Id extends PrivateOperationId>(operationId: Id, body: unknown): RequestValidation<Id> {
  const validator = validators[operationId].request!;
  if (!validator(body)) {
    const errors = errorsByField(validator.errors);
    return { ok: false, status: 400, body: errorReply(operationIndex[operationId].path, 400, "Validation failed", errors).body as ReturnType<typeof privateErrorBody>, errors };
  }
  const withDefaults = hasDefaults.has(operationId) ? { ...operationIndex[operationId].requestDefaults, ...(body as object) } : body;
  return { ok: true, body: withDefaults as HandledBody<Id> };
}
