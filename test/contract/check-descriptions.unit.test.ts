// The checks' descriptions (contract-test --help) name what the document says, read from it: every
// operation with ties, keyed errors or once-only values, and every workflow.
import { expect, it } from "vitest";
import { contractFacts } from "../../generated/contract-facts.js";
import { operationIds, operationIndex } from "../../generated/operations.js";
import { workflows } from "../../generated/workflows.js";
import { describeCheck } from "../../src/contract/checks/registry.js";

it.each([
  ["tied-answers", operationIds.filter((id) => operationIndex[id].tiedToRequest.length > 0), (id: string) => (operationIndex as Record<string, { tiedToRequest: readonly object[] }>)[id]!.tiedToRequest.flatMap((tie) => Object.values(tie) as string[])],
  ["error-keys", operationIds.filter((id) => contractFacts[id].errorKeys.length > 0), (id: string) => (contractFacts as Record<string, { errorKeys: string[] }>)[id]!.errorKeys],
  ["races", operationIds.filter((id) => operationIndex[id].oncePer.length > 0), (id: string) => [...(operationIndex as Record<string, { oncePer: readonly string[] }>)[id]!.oncePer]],
] as const)("%s names each operation the document marks, with its fields", (check, marked, fieldsOf) => {
  expect(marked.length).toBeGreaterThan(0);
  const description = describeCheck(check);
  for (const id of marked) {
    expect(description).toContain(id);
    for (const field of fieldsOf(id)) expect(description).toContain(field);
  }
});

it("sequences names every workflow of the document", () => {
  expect(workflows.length).toBeGreaterThan(0);
  for (const workflow of workflows) expect(describeCheck("sequences")).toContain(workflow.workflowId);
});
