import type { ValidateFunction } from "ajv";
import { validators } from "../../generated/validators.js";
import { contentTypeProblem } from "../validation/content-type.js";
import { validationIssues } from "../validation/issues.js";
import type { Case } from "./cases.js";
import { documentedStatus, documentedStatuses, type OperationId } from "./document.js";
import type { Observation } from "./send.js";

export type Result = {
  operationId: string;
  check: Case["check"];
  name: string;
  passed: boolean;
  expected: string;
  /** What came back: the status, and each way the answer breaks the contract (ajv path and reason). */
  actual: string;
  problems: string[];
  status: number | null;
  curl: string;
};

/** Ways an answer breaks the document: an undocumented status, a non-JSON body, a schema violation. */
function conformance(operationId: OperationId, o: Observation): string[] {
  const key = documentedStatus(operationId, o.status);
  if (!key) return [`status ${o.status} is not documented for ${operationId} (documented: ${documentedStatuses(operationId).join(", ")})`];
  const problems: string[] = [];
  const wrongType = contentTypeProblem(o.contentType);
  if (wrongType) problems.push(wrongType);
  if (!o.json.ok) return [...problems, "the body is not JSON"];
  const validate = (validators[operationId].responses as Record<string, ValidateFunction>)[key];
  if (validate && !validate(o.json.value)) {
    problems.push(...validationIssues(validate.errors).map((issue) => `body ${issue.message} (${issue.rule})`));
  }
  return problems;
}

const describeExpectation = (c: Case): string =>
  c.expect.kind === "accepted" ? "a documented answer that is not 401, 404 or 5xx, conforming to its schema"
  : c.expect.kind === "rejected" ? `a documented 4xx (not 401, 404 or 429)${c.expect.errorKey ? ` with errors keyed ${c.expect.errorKey}` : ""}, conforming to its schema`
  : `status ${c.expect.status}`;

export function judge(c: Case, o: Observation): Result {
  const problems: string[] = [];
  const own = c.operationId === "unknownPath" ? [] : conformance(c.operationId, o);
  if (c.expect.kind === "accepted") {
    if (o.status >= 500) problems.push(`a valid request got a server error ${o.status}`);
    else if (o.status === 401 || o.status === 404) problems.push(`a valid, properly signed request was refused with ${o.status}`);
    problems.push(...own);
  } else if (c.expect.kind === "rejected") {
    if (o.status < 400 || o.status >= 500 || [401, 404, 429].includes(o.status)) problems.push(`the request was not rejected as invalid: status ${o.status}`);
    problems.push(...own);
    const errors = o.json.ok ? (o.json.value as { errors?: unknown })?.errors : undefined;
    if (c.expect.errorKey && !(errors && typeof errors === "object" && c.expect.errorKey in errors)) {
      problems.push(`errors has no key ${c.expect.errorKey} (keys: ${errors && typeof errors === "object" ? Object.keys(errors).join(", ") || "none" : "no errors object"})`);
    }
  } else {
    if (o.status !== c.expect.status) problems.push(`status ${o.status}${o.status < 300 ? ": the request was accepted" : ""}`);
    else problems.push(...own);
  }
  const body = o.text.length > 300 ? `${o.text.slice(0, 300)}…` : o.text;
  return {
    operationId: c.operationId,
    check: c.check,
    name: c.name,
    passed: problems.length === 0,
    expected: describeExpectation(c),
    actual: `${o.status} ${o.contentType || "(no Content-Type)"} ${body}`.trim(),
    problems,
    status: o.status,
    curl: o.curl,
  };
}
