import { contractFacts } from "../../../generated/contract-facts.js";
import { operationIds, type OperationId } from "../../../generated/operations.js";
import { coverageOf, coverageShortfalls } from "../../validation/coverage.js";
import type { Case } from "../case.js";
import { unexercised } from "../exercised.js";
import { notSelected } from "../selection.js";
import { ConnectionError } from "../send.js";
import { StartError, startErrorText } from "../start.js";
import type { TesterOptions } from "../tester-options.js";
import type { Ledger } from "./ledger.js";
import type { Outcome, Report } from "./run-types.js";
import type { StopConditions } from "./stop-conditions.js";

/** 0 when every planned check ran and passed; 2 when the run could not test; else 1. */
export function exitCodeOf(report: Report): 0 | 1 | 2 {
  if (report.stoppedEarly) return report.stoppedEarly.exitStatus;
  return report.runProblems.length === 0 && report.results.every((r) => r.passed) ? 0 : 1;
}

/** What the report is made from: the run's options, its plan, what it found, what stopped it, and its counts. */
export type Finished = {
  options: TesterOptions & { signal?: AbortSignal | undefined };
  cases: readonly Case[];
  ledger: Ledger;
  stops: StopConditions;
  rateLimited: number;
  requests: number;
  /** The run's own failure, when one ended it. */
  error: unknown;
};

/** What fails a run beyond single cases: no check at all, or what was asked for and not exercised. */
function runProblems(run: Finished, unexercisedProblems: string[]): string[] {
  // Nothing at all is never allowed: a partial run may pass, not an empty one.
  if (run.ledger.byOperation.size === 0) return ["no check ran: nothing was tested", ...unexercisedProblems.filter((problem) => !problem.startsWith("no operation "))];
  return run.options.allowPartial ? [] : [...unexercisedProblems];
}

/** Why the run ended before its plan was done, if it did. */
function stoppedEarly({ options, cases, ledger, stops, error }: Finished): Report["stoppedEarly"] {
  const notRun = `${cases.length - ledger.judged} of ${cases.length} planned checks did not run`;
  // A condition met after the last case ran stopped nothing; the caller's signal always counts.
  const reason = options.signal?.aborted ? stops.reason() : stops.metSoFar;
  if (options.signal?.aborted || (reason && error === undefined)) return reason ? { cause: `${reason}: ${notRun}`, exitStatus: 1 } : undefined;
  if (error instanceof StartError) return { cause: startErrorText(error, options.wording), exitStatus: 2 };
  if (error instanceof ConnectionError) return { cause: `the server stopped answering, so the run is incomplete: ${error.message} (${notRun})`, exitStatus: 2 };
  if (error !== undefined) return { cause: `the tester failed: ${(error as Error)?.message ?? String(error)}`, exitStatus: 2, error };
  return undefined;
}

/** The checks with a result; an operation reported "not implemented" ran every check planned for it. */
function checksThatRan({ cases, ledger }: Finished): Set<string> {
  const ran = new Set(ledger.results.map((r) => r.check));
  for (const testCase of cases) if (ledger.notImplemented.includes(testCase.operationId as OperationId)) ran.add(testCase.check);
  return ran;
}

/** An operation's one verdict, from the results charged to it (as its progress line and its tests read them). */
function outcomeOf(ledger: Ledger, operationId: OperationId, skipped: ReadonlySet<OperationId>): Outcome {
  if (skipped.has(operationId)) return "not selected";
  if (ledger.notImplemented.includes(operationId)) return "not implemented";
  const results = ledger.byOperation.get(operationId) ?? [];
  if (results.length === 0) return "not exercised";
  return results.every((r) => r.passed) ? "passed" : "failed";
}

/** The run's report, whatever ended it. */
export function reportOf(run: Finished): Report {
  const { options, ledger } = run;
  ledger.close();
  const stop = stoppedEarly(run);
  const left = notSelected({ ...options, hasBasicIdentity: options.basic !== undefined });
  const skipped = new Set(left.operations.map((entry) => entry.operationId));
  const statuses: Report["statusesSeen"]["statuses"] = {};
  for (const operationId of options.operations.filter((id) => !skipped.has(id))) {
    const observed = [...new Set((ledger.exchanges.get(operationId) ?? []).map((r) => r.status!).filter((s) => s !== null))].sort();
    statuses[operationId] = { documented: contractFacts[operationId].statuses, observed };
  }
  const missed = unexercised(options, left, new Set(ledger.exchanges.keys()), checksThatRan(run));
  const coverage = coverageOf(
    new Map([...ledger.exchanges].map(([id, exchanges]) => [id, exchanges.flatMap((r) => (r.status === null ? [] : [r.status]))])),
    new Map([...ledger.exchanges].map(([id, exchanges]) => [id, exchanges.map((r) => r.check)])),
  );
  const shortfalls = options.minCoverage && !stop ? coverageShortfalls(coverage, options.minCoverage) : [];
  return {
    checks: [...options.checks],
    results: ledger.results,
    runProblems: stop?.exitStatus === 2 ? [] : [...runProblems(run, stop ? [] : missed), ...shortfalls],
    coverage,
    ...(options.allowPartial && missed.length ? { partial: missed } : {}),
    ...(stop ? { stoppedEarly: stop } : {}),
    notes: ledger.notes,
    rateLimited: run.rateLimited,
    notImplemented: ledger.notImplemented,
    blocked: ledger.blocked,
    notSelected: left,
    outcomes: operationIds.map((operationId) => ({ operationId, outcome: outcomeOf(ledger, operationId, skipped) })),
    statusesSeen: { operations: operationIds.length, exercised: options.operations.filter((id) => ledger.exchanges.has(id)), statuses },
    requests: run.requests,
    durationMs: performance.now() - run.stops.started,
  };
}
