import type { ValidateFunction } from "ajv";
import { validators } from "../../generated/validators.js";
import { contentTypeProblem } from "../validation/content-type.js";
import { validationIssues } from "../validation/issues.js";
import type { Case } from "./cases.js";
import { printable } from "../text/printable.js";
import { documentedErrorKeys, documentedStatus, documentedStatuses, operations, requestSchema, type OperationId } from "./document.js";
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
  /** Time from sending to the judged answer, 429 waits included. */
  durationMs?: number;
};

/** Explicit freshness without no-store, no-cache or private: a cache may keep it. */
function cacheable(cacheControl: string): boolean {
  const directives = cacheControl.toLowerCase();
  if (/\b(no-store|no-cache|private)\b/.test(directives)) return false;
  return /\bpublic\b/.test(directives) || /\b(s-)?max-age=0*[1-9]/.test(directives);
}

/** Ways an answer breaks the document: an undocumented status, a non-JSON body, a schema violation. */
function conformance(operationId: OperationId, o: Observation): string[] {
  const key = documentedStatus(operationId, o.status);
  if (!key) return [`status ${o.status} is not documented for ${operationId} (documented: ${documentedStatuses(operationId).join(", ")})`];
  const problems: string[] = [];
  const wrongType = contentTypeProblem(o.contentType);
  if (wrongType) problems.push(wrongType);
  if (!o.json.ok) return [...problems, "the body is not JSON"];
  if (operations[operationId].signed && o.status === 200 && cacheable(o.cacheControl)) {
    problems.push(`a private answer is cacheable (Cache-Control: ${o.cacheControl}); the description says it is not cached`);
  }
  const validate = (validators[operationId].responses as Record<string, ValidateFunction>)[key];
  if (validate && !validate(o.json.value)) {
    problems.push(...validationIssues(validate.errors).map((issue) => `body ${issue.message} (${issue.rule})`));
  }
  return problems;
}

/** Real values must be answered 200: a fixture always, a documented example where nothing changes. */
const mustSucceed = (c: Case): boolean =>
  c.realValues === "fixture" || (c.realValues === "documented" && c.operationId !== "unknownPath" && !operations[c.operationId].stateChanging);

const describeExpectation = (c: Case): string =>
  c.expect.kind === "accepted"
    ? mustSucceed(c)
      ? "200 conforming to its schema"
      : "200, or a documented 4xx whose error keys are fields of the request, conforming to its schema"
  : c.expect.kind === "rejected" ? `a documented 4xx (not 401, 404 or 429)${c.expect.errorKey ? ` with errors keyed ${c.expect.errorKey}` : ""}, conforming to its schema`
  : c.expect.kind === "client-error" ? "a 4xx other than 429"
  : `status ${c.expect.status}`;

const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * Error keys of a refusal that name no field of the request: drift between the server and the
 * document, told with the documented field of the same name where there is one.
 */
function driftingKeys(operationId: OperationId, body: unknown): string[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== "object") return [];
  const fields = Object.keys(requestSchema(operationId)?.properties ?? {});
  const allowed = new Set([...fields, ...documentedErrorKeys(operationId)]);
  return Object.keys(errors)
    .filter((key) => !allowed.has(key))
    .map((key) => {
      const near = fields.find((field) => squash(field) === squash(key));
      return near ? `the server asks for ${key}; the document has ${near}` : `the server keys an error by ${key}, which is not a field of ${operationId}`;
    });
}

/**
 * A documented example of a read-only operation must answer 200. Any other valid request may be
 * refused only as a documented 4xx keyed by fields of the operation (a generated ticker or
 * account the server does not have; a code already used): other keys are drift.
 */
function acceptanceProblems(operationId: OperationId, o: Observation, mustSucceed: boolean): string[] {
  if (o.status === 200) return [];
  if (o.status === 429) return ["a valid request was still refused with 429 after waiting: the server's limits are stricter than the document's"];
  if (o.status >= 500) return [`a valid request got a server error ${o.status}`];
  if (o.status === 403 && operations[operationId].businessPartnerOnly) {
    return ["the API key was refused 403 on a business-partner-only operation: test with a business-partner key, or leave the operation out with --operation"];
  }
  const drift = o.json.ok ? driftingKeys(operationId, o.json.value) : [];
  if (mustSucceed || o.status < 400 || [401, 403, 404].includes(o.status)) return [`a valid request was refused with ${o.status}`, ...drift];
  return drift;
}

export function judge(c: Case, o: Observation): Result {
  const problems: string[] = [];
  const own = c.operationId === "unknownPath" || o.transportProblem || c.expect.kind === "client-error" ? [] : conformance(c.operationId, o);
  if (o.transportProblem) problems.push(o.transportProblem);
  else if (c.expect.kind === "accepted") {
    if (c.operationId !== "unknownPath") {
      problems.push(...acceptanceProblems(c.operationId, o, mustSucceed(c)));
    }
    problems.push(...own);
  } else if (c.expect.kind === "rejected") {
    if (o.status < 400 || o.status >= 500 || [401, 404, 429].includes(o.status)) problems.push(`the request was not rejected as invalid: status ${o.status}`);
    problems.push(...own);
    const errors = o.json.ok ? (o.json.value as { errors?: unknown })?.errors : undefined;
    if (c.expect.errorKey && !(errors && typeof errors === "object" && c.expect.errorKey in errors)) {
      problems.push(`errors has no key ${c.expect.errorKey} (keys: ${errors && typeof errors === "object" ? Object.keys(errors).join(", ") || "none" : "no errors object"})`);
    }
  } else if (c.expect.kind === "client-error") {
    if (o.status < 400 || o.status >= 500 || o.status === 429) problems.push(`status ${o.status}, not a 4xx`);
  } else {
    if (o.status !== c.expect.status) problems.push(`status ${o.status}${o.status < 300 && o.status > 0 ? ": the request was accepted" : ""}`);
    else problems.push(...own);
  }
  return {
    operationId: c.operationId,
    check: c.check,
    name: c.name,
    passed: problems.length === 0,
    expected: describeExpectation(c),
    actual: o.transportProblem ? `${o.status}, the answer not read` : printable(`${o.status} ${o.contentType || "(no Content-Type)"} ${o.text}`.trim()),
    problems: problems.map((problem) => printable(problem, 1000)),
    status: o.status,
    curl: o.curl,
  };
}
