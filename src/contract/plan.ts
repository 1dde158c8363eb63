import type { Case } from "./case.js";
import type { PlanContext, PlannedOperation } from "./checks/check.js";
import { isCheckName, registry, type CheckName } from "./checks/registry.js";
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { contractFacts } from "../../generated/contract-facts.js";
import { seededRandom } from "./random.js";
import { firstValues, type FixtureLists } from "./fixtures.js";

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
};

type Fields = Record<string, unknown>;

/**
 * The values of state-changing operations given beyond the first, one for each check that spends
 * one of its own (the race, where the document says the operation succeeds once per value; then
 * the replay), from the end of the list; the rest stay for the workflows.
 */
function shareFixtures(lists: FixtureLists, checks: ReadonlySet<CheckName>, includeMutations: boolean) {
  const spares: PlanContext["spares"] = {};
  const rest: FixtureLists = { ...lists };
  if (!includeMutations) return { spares, rest };
  for (const [id, values] of Object.entries(lists) as [OperationId, Fields[]][]) {
    if (!operationIndex[id].stateChanging) continue;
    const left = [...values];
    const spare: { races?: Fields; replay?: Fields } = {};
    if (checks.has("races") && operationIndex[id].oncePer.length > 0 && left.length > 1) spare.races = left.pop()!;
    if (checks.has("auth-signature") && left.length > 1) spare.replay = left.pop()!;
    spares[id] = spare;
    rest[id] = left;
  }
  return { spares, rest };
}

export function planContext(options: PlanOptions): PlanContext {
  const { spares, rest } = shareFixtures(options.fixtures ?? {}, options.checks, options.includeMutations);
  return {
    operations: options.operations.filter((id) => options.includeMutations || !operationIndex[id].stateChanging),
    wanted: (check) => isCheckName(check) && options.checks.has(check),
    includeMutations: options.includeMutations,
    examplesPerOperation: options.examplesPerOperation,
    fixtures: firstValues(options.fixtures ?? {}),
    fixtureLists: rest,
    spares,
    hasBasicIdentity: options.hasBasicIdentity ?? false,
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
