import type { Case, CheckResult, Observation } from "../case.js";
import type { OperationId } from "../../../generated/operations.js";
import type { Schema } from "../../../generated/contract-facts.js";
import type { Random } from "../random.js";
import type { FixtureSupply } from "../fixtures.js";
import type { OncePer } from "../../validation/once-per.js";

/** What a run plans from: the operations, the checks asked for, and the real values given. */
export type PlanContext = {
  operations: OperationId[];
  /** Whether a check (a name of the registry) runs. */
  wanted: (check: string) => boolean;
  includeMutations: boolean;
  examplesPerOperation: number;
  /** The first value given for each operation (--fixtures): what every check but the sequences uses. */
  fixtures: Partial<Record<OperationId, Record<string, unknown>>>;
  /** Every value given for each operation: a read-only workflow's subject is tried with each in turn. */
  fixtureLists: Partial<Record<OperationId, Record<string, unknown>[]>>;
  /** The values of state-changing operations, each spent once in the run: by a workflow, the replay or the race. */
  supply: FixtureSupply;
  /** Whether an ordinary account's key was given, for the partner-only check. */
  hasBasicIdentity: boolean;
  /** The team's once-only rules (--once-per), beside the document's x-once-per. */
  oncePer: OncePer;
  random: Random;
};

/** One planned signed operation, with what its cases are made from. */
export type PlannedOperation = {
  operationId: OperationId;
  method: string;
  path: string;
  schema: Schema;
  examples: { name: string; fields: Record<string, unknown> }[];
  /** The first documented example: a request known to be valid. */
  valid: Record<string, unknown>;
  fixture?: Record<string, unknown>;
  /** A case of this operation. */
  make: (name: string, check: string, expect: Case["expect"], fields?: Record<string, unknown>, tamper?: Case["tamper"]) => Case;
};

/** What a phase of its own (a sequence of requests, not single cases) gets from the run. */
export type PhaseContext = {
  plan: PlanContext;
  /** Sends a case within the document's rate limits, 429 waited out. */
  sendPaced: (testCase: Case) => Promise<Observation>;
  /** Sends the case signed by each key the tester holds in turn (as many as `raceWidth`) at once, each on a connection of its own, paced; undefined for a request that got no answer. */
  race: (testCase: Case) => Promise<(Observation | undefined)[]>;
  /** Requests in a race: one per key held; with one key, one per connection (--connections). */
  raceWidth: number;
  /** Keys the tester holds (main, more, the ordinary account's). */
  keysHeld: number;
  /** Sends a case as it is, on a worker's key: no pacing, no 429 retry. */
  sendUnpaced: (testCase: Case, worker: number) => Promise<Observation>;
  record: (result: CheckResult) => void;
  note: (note: string) => void;
  /** Workers that sign with keys of their own. */
  workers: number;
  lastSentAt: () => number;
};

/** A phase of a check's own, a sequence of requests rather than single cases, before or after the cases. */
export type CheckPhase = { at: "before-cases" | "after-cases"; run: (context: PhaseContext) => Promise<void> };

/** What a check reports on beyond its own cases: each operation, or workflow, a test of its own in `contractTests`. */
export type Covered = { operationId: OperationId; workflowId?: string };

/**
 * What a check reports beyond its own cases, and so must say what it covers: nothing; a phase of
 * its own; a verdict on every accepted answer of any check; or both.
 */
type OwnReports =
  | { phase?: never; judgeAccepted?: never; covers?: never }
  | { phase: CheckPhase; judgeAccepted?: (testCase: Case, observation: Observation) => CheckResult | undefined; covers: (plan: PlanContext) => Covered[] }
  | { phase?: CheckPhase; judgeAccepted: (testCase: Case, observation: Observation) => CheckResult | undefined; covers: (plan: PlanContext) => Covered[] };

/**
 * What run.ts does with every case, whichever check made it (nothing there names a check):
 * - sends it within the document's rate limits, paced as `requestsOf(case)` requests (a replay is
 *   two), and waits out a 429 before sending it again;
 * - a case of two requests (a replay) is judged on its second answer, and only noted, not judged,
 *   when its first was refused;
 * - judges it by its `expect`; a failing `generated` case is shrunk before it is reported; a case
 *   with `ownAcceptance: "when-failed"` is reported only when it failed;
 * - hands every accepted answer to the `judgeAccepted` of every selected check;
 * - reports an operation that answers 404/405/501 to all its cases as one "not implemented"
 *   result (implemented.ts).
 * A new check needs no change there: a module here, declared with `defineCheck`, and its name in
 * registry.ts.
 *
 * A check, in the order a run uses it: its name and what it holds a server to; the cases it plans
 * (once per run, and for each planned signed operation); a phase of its own before the cases,
 * a verdict of its own on each accepted answer during them, or a phase after them (`OwnReports`).
 */
export type Check<Name extends string = string> = {
  /** The name a user gives to --checks; the registry's list of names is made of these. */
  name: Name;
  description: string;
  /** Run only when asked for by name (it sends a thousand requests or more). */
  optIn?: true;
  /** What it needs beyond being asked for: an ordinary account's key, or mutations included; without it, it is listed as not selected. */
  needs?: "basic-identity" | "mutations";
  casesOnce?: (plan: PlanContext) => Case[];
  cases?: (operation: PlannedOperation, plan: PlanContext) => Case[];
} & OwnReports;

/** A check as its module declares it, its name kept as the literal it is: the registry's names are made of these. */
export const defineCheck = <Name extends string>(check: Check<Name>): Check<Name> => check;
