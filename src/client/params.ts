import { operationIndex } from "../../generated/operations.js";
import { SIGNING_FIELDS } from "../signing/body.js";
import { closest } from "../text/closest.js";
import type { ValidationIssue } from "../validation/issues.js";
import type { OperationId } from "./operation-types.js";

/** Each operation's parameters: its request fields but the signing ones. */
const parametersOf = new Map(
  Object.entries(operationIndex).map(([operationId, { requestFields }]) => [operationId, requestFields.filter((field: string) => !SIGNING_FIELDS.has(field))]),
);

/**
 * What is wrong with a call's parameters before the schema is asked: not an object, or a name the
 * operation does not list (a typo would otherwise be sent and "succeed" with another meaning).
 * A field the document does not list is sent on purpose with `extraFields`.
 */
export function parameterIssues(operationId: OperationId, params: unknown): ValidationIssue[] {
  if (params === undefined) return [];
  if (params === null || typeof params !== "object" || Array.isArray(params)) {
    const got = params === null ? "null" : Array.isArray(params) ? "an array" : `a ${typeof params}`;
    return [{ field: "(parameters)", rule: "type", message: `the parameters of ${operationId} are an object of its fields, such as { ticker: "BTC" }, or nothing; got ${got}` }];
  }
  const listed: readonly string[] = parametersOf.get(operationId)!;
  let unknown: string[] | undefined;
  // No array made on the way when every name is listed, as in almost every call.
  for (const name in params) if (Object.hasOwn(params, name) && !listed.includes(name)) (unknown ??= []).push(name);
  if (!unknown) return [];
  return unknown
    .map((name) => {
      if (SIGNING_FIELDS.has(name)) return { field: name, rule: "unknown", message: `${name} is set by the client when it signs, not a parameter` };
      const meant = closest(name, listed);
      const hint = meant ? `: did you mean ${meant}?` : listed.length ? ` (its parameters: ${listed.join(", ")})` : " (it takes none)";
      return { field: name, rule: "unknown", message: `${name} is not a parameter of ${operationId}${hint}; send a field the document does not list with extraFields` };
    });
}
