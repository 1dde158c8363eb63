import { ANSWER_ORACLES, type AnsweredExchange, type AnswerOracle } from "../validation/answer-oracles.js";
import { printable } from "../text/printable.js";
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { reproduction } from "./reproduction.js";
import { isUnknownPath, type Case, type CheckResult, type Observation, type Problem, type ProblemKind } from "./case.js";

export type { CheckResult, Problem, ProblemKind };


const problem = (kind: ProblemKind, message: string): Problem => ({ kind, message });


/** A case and its answer as the answer oracles see them (validation/answer-oracles.ts, which the proxy judges live traffic with). */
export const exchangeOf = (testCase: Case & { operationId: OperationId }, observed: Observation, validRequest: boolean): AnsweredExchange => ({
  operationId: testCase.operationId, sent: testCase.fields, validRequest,
  answer: { status: observed.status, contentType: observed.contentType, cacheControl: observed.cacheControl, json: observed.json },
});

/** The findings of the named oracles, as problems of the tester's verdicts. */
function oracleProblems(names: AnswerOracle["name"][], exchange: AnsweredExchange, observed: Observation): Problem[] {
  return ANSWER_ORACLES.filter((oracle) => names.includes(oracle.name)).flatMap((oracle) => oracle.judge(exchange) ?? [])
    .map(({ kind, message }) => (kind === "not-json" ? notJson(observed)! : problem(kind, message)));
}

/**
 * Ways an answer breaks the document, read as the client reads it (the status and answer oracles),
 * and one the client cannot see: a private answer that a cache may keep.
 */
const conformance = (testCase: Case & { operationId: OperationId }, observed: Observation): Problem[] =>
  oracleProblems(["status", "answer"], exchangeOf(testCase, observed, false), observed);

/** The description: every response is JSON, refusals and unknown paths included. */
const notJson = (observed: Observation): Problem | undefined =>
  observed.transportProblem || observed.json.ok ? undefined : problem("not-json", `${observed.json.why}${observed.status >= 400 ? ` (a ${observed.status} answer too must be JSON)` : ""}`);

/** Real values must be answered 200: a fixture always, a documented example where nothing changes. */
const mustSucceed = (testCase: Case): boolean =>
  testCase.realValues === "fixture" || (testCase.realValues === "documented" && !isUnknownPath(testCase.operationId) && !operationIndex[testCase.operationId].stateChanging);

const describeExpectation = (testCase: Case): string =>
  testCase.expect.kind === "accepted"
    ? mustSucceed(testCase)
      ? "200 conforming to its schema"
      : "200, or a documented 4xx whose error keys are fields of the request, conforming to its schema"
  : testCase.expect.kind === "rejected" ? `a documented 4xx (not 401, 404 or 429)${testCase.expect.errorKey ? ` with errors keyed ${testCase.expect.errorKey}` : ""}, conforming to its schema`
  : testCase.expect.kind === "client-error" ? "a 4xx other than 429"
  : `status ${testCase.expect.status}`;

/**
 * A documented example of a read-only operation must answer 200. Any other valid request may be
 * refused only as a documented 4xx keyed by fields of the operation (a generated ticker or
 * account the server does not have; a code already used): other keys are drift.
 */
function acceptanceProblems(testCase: Case & { operationId: OperationId }, observed: Observation, mustSucceed: boolean): Problem[] {
  const { operationId } = testCase;
  if (observed.status === 200) return [];
  if (observed.status === 429) return [problem("refused-valid", "a valid request was still refused with 429 after a quiet window of the documented period: the server's limits are stricter than the document's, or another client uses the same address")];
  if (observed.status >= 500) return [problem("refused-valid", `a valid request got a server error ${observed.status}`)];
  if (observed.status === 403 && operationIndex[operationId].businessPartnerOnly) {
    return [problem("refused-valid", "the API key was refused 403 on a business-partner-only operation: test with a business-partner key, or test the other operations alone")];
  }
  const drift = oracleProblems(["error-keys", "decided-values"], exchangeOf(testCase, observed, true), observed);
  if (mustSucceed || observed.status < 400 || [401, 403, 404].includes(observed.status)) return [problem("refused-valid", `a valid request was refused with ${observed.status}`), ...drift];
  return drift;
}

/** What the server said about its answer, for a person reading a failure: its message and diagnostic headers. */
export function serverSays(observed: Observation): string | undefined {
  const body = observed.json.ok ? (observed.json.value as { message?: unknown; errors?: unknown } | null) : undefined;
  const message = body?.message;
  // The private error format's errors: each field's messages, text only (a nested value is not walked).
  const errors = body?.errors && typeof body.errors === "object" && !Array.isArray(body.errors)
    ? Object.entries(body.errors as Record<string, unknown>).slice(0, 5).map(([field, messages]) =>
      `${field}: ${(Array.isArray(messages) ? messages : [messages]).filter((m) => typeof m === "string").slice(0, 3).map((m) => JSON.stringify(m)).join(", ")}`)
    : [];
  const said = [
    ...(typeof message === "string" && message ? [`message ${JSON.stringify(message)}`] : []),
    ...(errors.length ? [`errors ${errors.join("; ")}`] : []),
    ...Object.entries(observed.diagnostics).map(([name, value]) => `${name}: ${value}`),
  ];
  return said.length ? printable(said.join("; "), 500) : undefined;
}

/** A check's verdict on one answer: passed when there is no problem; a reproduction only for failures. */
export function verdictOf(testCase: Case, observed: Observation, check: Case["check"], problems: Problem[], expected: string): CheckResult {
  const passed = problems.length === 0;
  return {
    operationId: testCase.operationId,
    check,
    name: testCase.name,
    passed,
    expected,
    // The text cut before it is joined: a 100-record page is never copied whole for 300 characters.
    actual: observed.transportProblem ? `${observed.status}, the answer not read` : printable(`${observed.status} ${observed.contentType || "(no Content-Type)"} ${observed.text.slice(0, 301)}`.trim()),
    problems: problems.map(({ kind, message }) => ({ kind, message: printable(message, 1000) })),
    status: observed.status,
    curl: passed ? "" : reproduction(observed.url, testCase),
    ...(passed ? {} : { serverSays: serverSays(observed) }),
  };
}

/** What is wrong with the answer itself, whatever the case expected: conformance, and JSON for any answer. */
function answerProblems(testCase: Case, observed: Observation): Problem[] {
  if (observed.transportProblem) return [];
  const own = isUnknownPath(testCase.operationId) || testCase.expect.kind === "client-error" ? [] : conformance(testCase as Case & { operationId: OperationId }, observed);
  const json = notJson(observed);
  return json && !own.some(({ kind }) => kind === "not-json") ? [...own, json] : own;
}

/**
 * What the document holds any answer of a valid request to, whatever its status: read (transport),
 * JSON, a documented status and schema, agreeing with its request, a refusal keyed by its fields.
 * A workflow's step is held to this, and to its own criteria for the rest.
 */
export function documentedAnswerProblems(testCase: Case & { operationId: OperationId }, observed: Observation): Problem[] {
  if (observed.transportProblem) return [problem("transport", observed.transportProblem)];
  return [...answerProblems(testCase, observed), ...oracleProblems(["tied-answers", "error-keys", "decided-values"], exchangeOf(testCase, observed, true), observed)];
}

/** The verdict of a case's own check on its answer, by what the case expects. */
export function judge(testCase: Case, observed: Observation): CheckResult {
  const problems: Problem[] = [];
  if (observed.transportProblem) problems.push(problem("transport", observed.transportProblem));
  else if (testCase.expect.kind === "accepted") {
    if (!isUnknownPath(testCase.operationId)) {
      problems.push(...acceptanceProblems(testCase as Case & { operationId: OperationId }, observed, mustSucceed(testCase)));
    }
    problems.push(...answerProblems(testCase, observed));
  } else if (testCase.expect.kind === "rejected") {
    if (observed.status < 400 || observed.status >= 500 || [401, 404, 429].includes(observed.status)) problems.push(problem("not-rejected", `the request was not rejected as invalid: status ${observed.status}`));
    problems.push(...answerProblems(testCase, observed));
    const errors = observed.json.ok ? (observed.json.value as { errors?: unknown })?.errors : undefined;
    if (testCase.expect.errorKey && !(errors && typeof errors === "object" && testCase.expect.errorKey in errors)) {
      problems.push(problem("error-key", `errors has no key ${testCase.expect.errorKey} (keys: ${errors && typeof errors === "object" ? Object.keys(errors).join(", ") || "none" : "no errors object"})`));
    }
  } else if (testCase.expect.kind === "client-error") {
    if (observed.status < 400 || observed.status >= 500 || observed.status === 429) problems.push(problem("status", `status ${observed.status}, not a 4xx`));
    problems.push(...answerProblems(testCase, observed));
  } else {
    if (observed.status !== testCase.expect.status) problems.push(problem("status", `status ${observed.status}${observed.status < 300 && observed.status > 0 ? ": the request was accepted" : ""}`));
    else problems.push(...answerProblems(testCase, observed));
  }
  return verdictOf(testCase, observed, testCase.check, problems, describeExpectation(testCase));
}
