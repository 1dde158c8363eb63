// A workflow of the API (generated/workflows.js, from openapi/workflows.arazzo.yaml) run by the
// contract tester: each step sent as a case of the sequences check, its answer held to the
// document as any answer is (verdict.ts) and to the step's criteria and extensions; the whole
// workflow one result, with every step's reproduction.
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { contractFacts } from "../../generated/contract-facts.js";
import type { Workflow, WorkflowStep } from "../../generated/workflows.js";
import { walkWorkflow, type StepAnswer } from "../workflows/walk.js";
import { inputsFromOperations } from "../workflows/inputs.js";
import { statusTurnedDown } from "../workflows/criteria.js";
import type { Case, CheckResult, Observation, Problem } from "./case.js";
import { reproduction } from "./reproduction.js";
import { saysAbsent } from "../validation/absent.js";
import { documentedAnswerProblems, serverSays } from "./verdict.js";

type Fields = Record<string, unknown>;
export type WorkflowOutcome = { result: CheckResult; usedUp: boolean };

/** Every operation a workflow sends, in the order its steps bring them in. */
export const operationsOf = (workflow: Workflow): OperationId[] => [...new Set(workflow.steps.map((step) => step.operationId))];

/** The operation a workflow is about: its first step that changes state, else the last operation its steps bring in. */
export const subjectOf = (workflow: Workflow): OperationId =>
  workflow.steps.find((step) => operationIndex[step.operationId].stateChanging)?.operationId ?? operationsOf(workflow).at(-1)!;

/** A workflow's inputs for the tester: the values given (--fixtures) by operation, else the documented examples. */
export const workflowInputs = (workflow: Workflow, given: Partial<Record<OperationId, Fields>>): Fields =>
  inputsFromOperations(workflow, given, (operationId) => contractFacts[operationId as OperationId].requestExamples[0]?.fields);

const caseOf = (workflow: Workflow, step: WorkflowStep, fields: Fields): Case & { operationId: OperationId } => ({
  operationId: step.operationId,
  check: "sequences",
  name: `${workflow.workflowId}.${step.stepId}`,
  method: operationIndex[step.operationId].method,
  path: operationIndex[step.operationId].path,
  fields,
  expect: { kind: "accepted" },
  realValues: "fixture",
});

const USED_UP = "its values may have been used up by an earlier run: against txc-api's sandbox, POST /sandbox/reset restores them; against your server, give fresh ones with --fixtures";

/** Runs one workflow with `inputs`; `usedUp` when its subject step was refused with a 4xx where a 200 was wanted (a code applied before). */
export async function runWorkflow(workflow: Workflow, inputs: Fields, sendCase: (testCase: Case) => Promise<Observation>): Promise<WorkflowOutcome> {
  const subject = subjectOf(workflow);
  const problems: Problem[] = [];
  const reproductions: string[] = [];
  let subjectStatus: number | null = null;
  let said: string | undefined;
  const send = async (step: WorkflowStep, fields: Fields): Promise<StepAnswer> => {
    const testCase = caseOf(workflow, step, fields);
    const observed = await sendCase(testCase);
    if (step.operationId === subject) subjectStatus ??= observed.status;
    reproductions.push(`# step ${reproductions.length + 1}: ${step.stepId} (${step.operationId}), answered ${observed.status}\n${reproduction(observed.url, testCase)}`);
    const found = documentedAnswerProblems(testCase, observed);
    problems.push(...found.map(({ kind, message }) => ({ kind, message: `${step.stepId}: ${message}` })));
    if (observed.status >= 400) said ??= serverSays(observed);
    return { status: observed.status, body: observed.json.ok ? observed.json.value : undefined, failed: found.length > 0 };
  };
  const walk = await walkWorkflow(workflow, inputs, send);
  const last = walk.steps.at(-1)!;
  problems.push(...last.unmet.map((message) => ({ kind: "sequence" as const, message })));
  const status = last.answer?.status ?? 0;
  const usedUp = walk.outcome === "failed" && last.step.operationId === subject && status >= 400 && status < 500 && status !== 429
    && statusTurnedDown(last.step.successCriteria, { inputs, steps: {}, statusCode: status });
  if (usedUp) problems.push({ kind: "sequence", message: USED_UP });
  const passed = walk.outcome !== "failed";
  const steps = walk.steps.map(({ step, answer }) => `${step.stepId}: ${answer?.status ?? "not sent"}`);
  const blockedBy = passed ? undefined : walk.steps.find(({ step, answer }) => answer && saysAbsent(step.operationId, answer.status))?.step.operationId;
  return {
    usedUp,
    result: {
      operationId: subject,
      check: "sequences",
      workflowId: workflow.workflowId,
      name: `${workflow.workflowId}: ${workflow.summary ?? workflow.workflowId}`,
      passed,
      expected: `${workflow.steps.map((step) => step.stepId).join(" → ")}, each step's success criteria holding (txc-api/workflows.arazzo.json)`,
      actual: [...steps, ...(walk.endedBy ? [`ended by ${walk.endedBy}`] : [])].join("; "),
      problems,
      status: subjectStatus,
      ...(blockedBy ? { blockedBy } : {}),
      steps: walk.steps.flatMap(({ step, answer }) => (answer ? [{ operationId: step.operationId, status: answer.status }] : [])),
      curl: passed ? "" : reproductions.join("\n"),
      ...(passed || !said ? {} : { serverSays: said }),
    },
  };
}
