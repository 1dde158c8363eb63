// One workflow walked step by step, as Arazzo 1.0.1 runs it: each step's payload from the inputs
// and the outputs of the steps before it, its success criteria and txc-api's extensions judged on
// its answer, its outputs passed on, an `end` action taken where its criteria hold. The first step
// that fails ends the walk (a workflow without failure actions ends there). Sending, and what else
// an answer is held to, are the caller's: the contract tester's, the proxy's.
import { evaluate, evaluatePayload, isRuntimeExpression, type ExpressionContext } from "./expressions.js";
import { allHold, unmetCriteria } from "./criteria.js";
import { extensionProblems } from "./extensions.js";
import type { Workflow, WorkflowStep } from "../../generated/workflows.js";

export type StepAnswer = {
  status: number;
  /** The answer's JSON; undefined when it had none. */
  body: unknown;
  /** The caller's own verdict failed the step (no answer read, an answer the document does not allow). */
  failed?: boolean;
};

export type WalkedStep = { step: WorkflowStep; fields: Record<string, unknown>; answer?: StepAnswer; unmet: string[] };

export type Walk = {
  steps: WalkedStep[];
  /** "completed": every step passed; "ended": an end action of a passing step ended it early; "failed": its last step failed. */
  outcome: "completed" | "ended" | "failed";
  /** The end action taken, for "ended". */
  endedBy?: string;
};

/** The inputs given, with each input's schema default where one is not given. */
export function inputsOf(workflow: Workflow, given: Record<string, unknown>): Record<string, unknown> {
  const defaults = Object.entries(workflow.inputs?.properties ?? {}).filter(([, schema]) => schema.default !== undefined).map(([name, schema]) => [name, schema.default]);
  return { ...Object.fromEntries(defaults), ...given };
}

/** The required inputs of a workflow that `inputs` does not give. */
export const missingInputs = (workflow: Workflow, inputs: Record<string, unknown>): string[] =>
  (workflow.inputs?.required ?? []).filter((name) => inputs[name] === undefined);

/** What is wrong with a step's answer by the workflow: the success criteria that do not hold, and txc-api's extensions. */
export const stepUnmet = (step: WorkflowStep, context: ExpressionContext): string[] => [
  ...unmetCriteria(step.successCriteria, context).map(({ condition, read }) => `${step.stepId}: ${condition} does not hold${read ? ` (${read})` : ""}`),
  ...extensionProblems(step, context).map((problem) => `${step.stepId}: ${problem}`),
];

/** A passed step's outputs, for the steps after it. */
export const stepOutputs = (step: WorkflowStep, context: ExpressionContext): Record<string, unknown> =>
  Object.fromEntries(Object.entries(step.outputs ?? {}).map(([name, expression]) => [name, evaluate(expression, context)]));

/** The end action a passed step takes, if the criteria of one hold. */
export const endActionOf = (step: WorkflowStep, context: ExpressionContext): string | undefined =>
  step.onSuccess?.find((action) => action.type === "end" && allHold(action.criteria, context))?.name;

/** An earlier step's output a payload needs and does not have: the step cannot be sent. */
function missingOutput(step: WorkflowStep, context: ExpressionContext): string | undefined {
  return Object.values(step.requestBody?.payload ?? {}).find((value) => isRuntimeExpression(value) && value.startsWith("$steps.") && evaluate(value, context) === undefined) as string | undefined;
}

export async function walkWorkflow(workflow: Workflow, inputs: Record<string, unknown>, send: (step: WorkflowStep, fields: Record<string, unknown>) => Promise<StepAnswer>): Promise<Walk> {
  const context: ExpressionContext = { inputs, steps: {} };
  const walked: WalkedStep[] = [];
  for (const step of workflow.steps) {
    const missing = missingOutput(step, context);
    if (missing) {
      walked.push({ step, fields: {}, unmet: [`${step.stepId}: not sent, ${missing} has no value`] });
      return { steps: walked, outcome: "failed" };
    }
    const fields = evaluatePayload(step.requestBody?.payload ?? {}, context);
    const answer = await send(step, fields);
    const answered: ExpressionContext = { ...context, statusCode: answer.status, body: answer.body };
    const unmet = stepUnmet(step, answered);
    walked.push({ step, fields, answer, unmet });
    if (answer.failed || unmet.length > 0) return { steps: walked, outcome: "failed" };
    context.steps[step.stepId] = { outputs: stepOutputs(step, answered) };
    const endedBy = endActionOf(step, answered);
    if (endedBy) return { steps: walked, outcome: "ended", endedBy };
  }
  return { steps: walked, outcome: "completed" };
}
