import type { Case } from "../case.js";
import { SIGNING_FIELDS } from "../../signing/body.js";
import type { Schema } from "../../../generated/contract-facts.js";
import { sampleValid } from "../random.js";
import { workflows } from "../../../generated/workflows.js";
import { operationIndex } from "../../../generated/operations.js";
import { subjectOf } from "../workflow-run.js";
import { defineCheck, type PlannedOperation, type PlanContext } from "./check.js";

/**
 * The state-changing operations a workflow of the document spends a value of (its subject): the
 * sequences check takes their fixture, so the positive check leaves it unspent. Read from
 * workflows.arazzo.json, never listed by hand.
 */
export const SPENT_BY_WORKFLOWS: ReadonlySet<string> = new Set(workflows.map(subjectOf).filter((operationId) => operationIndex[operationId].stateChanging));

/**
 * Every value the schema alone marks out for a field: each enum value, both booleans, and the
 * bounds of a number. Sent once each, so that no run leaves them to chance.
 */
function coverageValues(schema: Schema): { field: string; value: unknown }[] {
  const found: { field: string; value: unknown }[] = [];
  for (const [field, p] of Object.entries<Schema>(schema.properties ?? {})) {
    if (SIGNING_FIELDS.has(field)) continue;
    const type = Array.isArray(p.type) ? p.type[0] : p.type;
    const values = Array.isArray(p.enum) ? p.enum : type === "boolean" ? [true, false] : [p.minimum, p.maximum].filter((bound) => bound !== undefined);
    for (const value of values) found.push({ field, value });
  }
  return found;
}

/** Values of the documented examples by field, so that generated requests look real. */
function exampleValues(examples: { fields: Record<string, unknown> }[]): Map<string, unknown[]> {
  const seen = new Map<string, unknown[]>();
  for (const { fields } of examples) for (const [name, value] of Object.entries(fields)) seen.set(name, [...(seen.get(name) ?? []), value]);
  return seen;
}

/**
 * The valid requests of an operation: its documented examples, its fixture, every enum value and
 * bound (coverage), and generated ones. Also made for tied-answers when positive is not asked for.
 */
export function validRequests(operation: PlannedOperation, plan: PlanContext, check: "positive" | "tied-answers"): Case[] {
  const { operationId, schema, examples, valid, fixture, make } = operation;
  const accepted = { kind: "accepted" } as const;
  const cases: Case[] = examples.map((example) => ({ ...make(`documented example ${example.name}`, check, accepted, example.fields), realValues: "documented" as const }));
  const sequenced = plan.wanted("sequences") && SPENT_BY_WORKFLOWS.has(operationId);
  if (fixture && !sequenced) cases.push({ ...make("fixture (--fixtures)", check, accepted, fixture), realValues: "fixture" });
  for (const { field, value } of coverageValues(schema)) cases.push(make(`${field} = ${JSON.stringify(value)} (coverage)`, check, accepted, { ...valid, [field]: value }));
  const seen = exampleValues(examples);
  for (let i = 0; i < plan.examplesPerOperation; i++) {
    const fields = sampleValid(schema, plan.random, seen) as Record<string, unknown>;
    for (const field of SIGNING_FIELDS) delete fields[field];
    cases.push({ ...make(`generated valid request #${i + 1}`, check, accepted, fields), generated: true });
  }
  return cases;
}

export const positive = defineCheck({
  name: "positive",
  description: "documented examples, every enum value and bound, and generated valid requests are accepted with a documented answer; a value whose validity the schema alone decides is never refused",
  cases: (operation, plan) => validRequests(operation, plan, "positive"),
});

