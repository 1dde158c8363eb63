import { workflows } from "../../../generated/workflows.js";
import { operationIndex, type OperationId } from "../../../generated/operations.js";
import { missingInputs } from "../../workflows/walk.js";
import { operationsOf, runWorkflow, subjectOf, workflowInputs, type WorkflowOutcome } from "../workflow-run.js";
import { workflowsInWords } from "./document-words.js";
import { defineCheck, type PlanContext } from "./check.js";
import { counted } from "../../text/counted.js";

/** The values of a state-changing operation not spent yet in this run, each taken as it is tried. */
function* supplied(plan: PlanContext, operationId: OperationId) {
  for (let value = plan.supply.take(operationId); value; value = plan.supply.take(operationId)) yield value;
}

/** The workflows whose every operation the run sends. */
const workflowsOfRun = (plan: PlanContext) => workflows.filter((workflow) => operationsOf(workflow).every((id) => plan.operations.includes(id)));

/**
 * The API's workflows (txc-api/workflows.arazzo.json), each one test: run first and one step at a
 * time, with --include-mutations as they redeem codes and refund deposits. The real values of a
 * workflow's subject operation are tried in turn: one used up by an earlier run (a code applied)
 * gives way to the next one given.
 */
export const sequences = defineCheck({
  name: "sequences",
  needs: "mutations",
  description: `with --include-mutations: the API's workflows (txc-api/workflows.arazzo.json), each step's success criteria holding: ${workflowsInWords()}`,
  covers: (plan) => (plan.includeMutations ? workflowsOfRun(plan).map((workflow) => ({ operationId: subjectOf(workflow), workflowId: workflow.workflowId })) : []),
  phase: {
    at: "before-cases",
    run: async ({ plan, sendPaced, record, note }) => {
      if (!plan.includeMutations) return;
      for (const workflow of workflowsOfRun(plan)) {
        const subject: OperationId = subjectOf(workflow);
        const given = plan.fixtureLists[subject]?.length ?? 0;
        // A state-changing subject spends its value: each is taken from the run's supply, once.
        const values = given === 0 ? [undefined] : operationIndex[subject].stateChanging ? supplied(plan, subject) : plan.fixtureLists[subject]!;
        let outcome: WorkflowOutcome | undefined;
        let spent = 0;
        for (const value of values) {
          const inputs = workflowInputs(workflow, { ...plan.fixtures, [subject]: value });
          const missing = missingInputs(workflow, inputs);
          if (missing.length > 0) {
            note(`workflow ${workflow.workflowId} was not run: no value for its input ${missing.join(", ")}; give one with --fixtures (${subject})`);
            break;
          }
          outcome = await runWorkflow(workflow, inputs, sendPaced);
          if (outcome.result.passed || !outcome.usedUp) break;
          spent++;
        }
        if (!outcome) continue;
        if (spent > 0 && outcome.result.passed) note(`workflow ${workflow.workflowId}: ${spent} of the ${counted(given, "value")} given for ${subject} ${spent === 1 ? "was" : "were"} used up; the next one was taken`);
        if (spent === given && given > 1) outcome.result.problems.push({ kind: "sequence", message: `all ${given} values given for ${subject} were used up: give fresh ones` });
        record(outcome.result);
      }
    },
  },
});
