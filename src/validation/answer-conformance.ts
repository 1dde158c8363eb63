import { contentTypeProblem } from "./content-type.js";
import { validationIssues, type ValidationIssue } from "./issues.js";
import { validatorForStatus, type OperationValidators } from "./operation-validators.js";

/** An answer's body read as JSON: its value, or why it is not JSON. */
export type JsonReading = { ok: true; value: unknown } | { ok: false; why: string };

export function readJson(text: string, utf8: boolean): JsonReading {
  if (!utf8) return { ok: false, why: "the body is not valid UTF-8, so it is not JSON" };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, why: "the body is not JSON" };
  }
}

export type ConformanceKind = "undocumented-status" | "content-type" | "not-json" | "schema";
export type ConformanceProblem = { kind: ConformanceKind; issue: ValidationIssue };

/** Why a status is not the operation's, in the words every report gives; undefined for a documented one. */
export function undocumentedStatus(operationId: string, validators: OperationValidators, status: number): string | undefined {
  if (validatorForStatus(validators, status)) return undefined;
  return `status ${status} is not documented for ${operationId} (documented: ${Object.keys(validators.responses).join(", ")})`;
}

/** What the conformance reading needs of an answer. */
export type AnswerToRead = { status: number; contentType: string; json: JsonReading };

const ofTheAnswer = (kind: ConformanceKind, message: string): ConformanceProblem => ({ kind, issue: { field: "(response)", rule: "contract", message } });

/**
 * The ways an answer breaks the document, in the order they are found: a status it does not
 * document, a Content-Type that is not JSON, a body that is not JSON, a body against its status's
 * schema. The client's `readAnswer` and the tester's verdict both read answers with it; `schemas:
 * false` stops after JSON (the client's `validateResponses: false`).
 */
export function conformanceProblems(operationId: string, validators: OperationValidators, answer: AnswerToRead, schemas = true): ConformanceProblem[] {
  const { status, contentType, json } = answer;
  const validate = validatorForStatus(validators, status);
  if (!validate) return [ofTheAnswer("undocumented-status", undocumentedStatus(operationId, validators, status)!)];
  const problems: ConformanceProblem[] = [];
  const wrongType = contentTypeProblem(contentType);
  if (wrongType) problems.push(ofTheAnswer("content-type", wrongType));
  if (!json.ok) return [...problems, ofTheAnswer("not-json", json.why)];
  if (!schemas) return problems;
  if (!validate(json.value)) problems.push(...validationIssues(validate.errors).map((issue) => ({ kind: "schema" as const, issue })));
  return problems;
}
