import type { Case } from "./case.js";
import type { PlanContext, PlannedOperation } from "./checks/check.js";
import { isCheckName, registry, type CheckName } from "./checks/registry.js";
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { contractFacts } from "../../generated/contract-facts.js";
import { seededRandom } from "./random.js";
import { sends } from "./tester-options.js";
import { firstValues, FixtureSupply, type FixtureLists } from "./fixtures.js";
import type { OncePer } from "../validation/once-per.js";

export type PlanOptions = {
  operations: OperationId[];
  checks: ReadonlySet<CheckName>;
  includeMutations: boolean;
  seed: number;
  examplesPerOperation: number;
  /** Real request fields by operation (--fixtures), without request and nonce: one or more values each. */
  fixtures?: FixtureLists;
  /** Whether an ordinary account's key was given, for the partner-only check. */
  hasBasicIdentity?: boolean;
  /** The team's once-only rules, beside the document's. */
  oncePer?: OncePer;
};

export function planContext(options: PlanOptions): PlanContext {
  return {
    operations: options.operations.filter((id) => sends(options, id)),
    wanted: (check) => isCheckName(check) && options.checks.has(check),
    includeMutations: options.includeMutations,
    examplesPerOperation: options.examplesPerOperation,
    fixtures: firstValues(options.fixtures ?? {}),
    fixtureLists: options.fixtures ?? {},
    supply: new FixtureSupply(options.fixtures ?? {}),
    hasBasicIdentity: options.hasBasicIdentity ?? false,
    oncePer: options.oncePer ?? {},
    random: seededRandom(options.seed),
  };
}

function plannedOperation(operationId: OperationId, plan: PlanContext): PlannedOperation {
  const { method, path } = operationIndex[operationId];
  const examples = contractFacts[operationId].requestExamples;
  return {
    operationId, method, path, examples,
    schema: contractFacts[operationId].requestSchema ?? {},
    valid: examples[0]?.fields ?? {},
    fixture: plan.fixtures[operationId],
    make: (name, check, expect, fields, tamper) => ({ operationId, check, name, method, path, fields, tamper, expect }),
  };
}

/** The cases of a run: each selected check's, operation by operation (so progress comes per operation). */
export function buildCases(plan: PlanContext): Case[] {
  const selected = registry.filter((check) => plan.wanted(check.name));
  const cases: Case[] = selected.flatMap((check) => (check.casesOnce?.(plan) ?? []));
  for (const operationId of plan.operations.filter((id) => operationIndex[id].signed)) {
    const operation = plannedOperation(operationId, plan);
    for (const check of selected) cases.push(...(check.cases?.(operation, plan) ?? []));
  }
  return cases;
}
