import { describe, expect, it } from "vitest";
import { workflows } from "../../generated/workflows.js";
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { SPENT_BY_WORKFLOWS } from "../../src/contract/checks/positive.js";

describe("the operations whose fixture the sequences check keeps", () => {
  it("are the state-changing steps of the document's workflows, read from workflows.arazzo.json", () => {
    const stateChangingSteps = new Set(workflows.flatMap((workflow) => workflow.steps.map((step) => step.operationId as OperationId)).filter((id) => operationIndex[id].stateChanging));
    expect(stateChangingSteps.size).toBeGreaterThan(0);
    expect([...SPENT_BY_WORKFLOWS].sort()).toEqual([...stateChangingSteps].sort());
  });
});
