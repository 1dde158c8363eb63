import { writeFileSync } from "node:fs";
import { coverageProperties, junitXml, type JUnitCase, type JUnitSuite } from "../text/junit.js";
import { NdjsonWriter } from "../text/ndjson.js";
import { exitCodeOf } from "./run/report.js";
import type { Report, RunEvent } from "./run/run-types.js";

const notSelected = (classname: string, reason: string): JUnitCase => ({ classname, name: "not selected", skipped: { message: "not selected", lines: reason } });

/**
 * JUnit XML: a test suite per operation, a test case per check (one "implemented" case for an
 * operation the server does not have; a workflow blocked by one, skipped); a suite of what was
 * not selected, as skipped cases; a suite "run" for the run's own failures, and an <error>
 * naming why a run ended early.
 */
export function writeJUnit(file: string, report: Report) {
  const byOperation = new Map<string, JUnitCase[]>();
  for (const r of report.results) {
    const failure = r.passed ? undefined : { message: r.problems.map((p) => p.message).join("; "), lines: `expected: ${r.expected}\ngot: ${r.actual}\n${r.curl}` };
    byOperation.set(r.operationId, [...(byOperation.get(r.operationId) ?? []), { classname: `${r.operationId}.${r.check}`, name: r.name, timeMs: r.durationMs, failure }]);
  }
  for (const { workflowId, operationId, blockedBy } of report.blocked) {
    const why = `blocked by ${blockedBy}, which is not implemented`;
    byOperation.set(operationId, [...(byOperation.get(operationId) ?? []), { classname: `${operationId}.sequences`, name: `workflow ${workflowId}`, skipped: { message: why, lines: why } }]);
  }
  const suites: JUnitSuite[] = [...byOperation].map(([operationId, cases]) => ({ name: operationId, properties: coverageProperties(report.coverage, operationId), cases }));
  const { operations, checks } = report.notSelected;
  const skipped = [...operations.map((o) => notSelected(o.operationId, o.reason)), ...checks.map((c) => notSelected(`checks.${c.check}`, c.reason))];
  if (skipped.length) suites.push({ name: "not selected", cases: skipped });
  const runCases: JUnitCase[] = report.runProblems.map((problem) => ({ classname: "run", name: problem, failure: { message: problem } }));
  if (report.stoppedEarly) runCases.push({ classname: "run", name: "stopped early", error: { message: report.stoppedEarly.cause } });
  if (runCases.length) suites.push({ name: "run", cases: runCases });
  writeFileSync(file, junitXml("txc-api contract-test", suites, report.durationMs));
}

/**
 * NDJSON, written from the run's events as they come: one line per check result and per blocked
 * workflow, then one per skipped operation and per run problem, and a closing summary line
 * (totals, verdict, exit status); `-` is stdout. Notes come in the summary.
 */
export class NdjsonReport {
  readonly #writer: NdjsonWriter;

  constructor(readonly file: string) {
    this.#writer = new NdjsonWriter(file);
  }

  #line(value: unknown) {
    this.#writer.line(value);
  }

  write(event: RunEvent) {
    if (event.type === "result") this.#line(event.result);
    if (event.type === "blocked") this.#line({ ...event.blocked, check: "sequences", skipped: true, blocked: true });
  }

  finish(report: Report) {
    const failed = report.results.filter((r) => !r.passed).length;
    const exitStatus = exitCodeOf(report);
    const { operations, checks } = report.notSelected;
    for (const { operationId, reason } of operations) this.#line({ operationId, skipped: true, notSelected: true, reason });
    for (const { check, reason } of checks) this.#line({ check, skipped: true, notSelected: true, reason });
    for (const problem of report.runProblems) this.#line({ run: true, passed: false, problem });
    if (report.stoppedEarly) this.#line({ run: true, passed: false, error: true, stoppedEarly: true, problem: report.stoppedEarly.cause });
    this.#line({
      summary: true,
      passed: report.results.length - failed,
      failed,
      notImplemented: report.notImplemented,
      blocked: report.blocked,
      skippedOperations: operations.map((o) => o.operationId),
      skippedChecks: checks.map((c) => c.check),
      outcomes: Object.fromEntries(report.outcomes.map((o) => [o.operationId, o.outcome])),
      runProblems: report.runProblems.length + (report.stoppedEarly ? 1 : 0),
      ...(report.partial ? { partial: report.partial } : {}),
      coverage: report.coverage,
      ...(report.stoppedEarly ? { stoppedEarly: report.stoppedEarly.cause } : {}),
      notes: report.notes,
      requests: report.requests,
      durationMs: Math.round(report.durationMs),
      verdict: exitStatus === 0 ? "pass" : "fail",
      exitStatus,
    });
    this.#writer.close();
  }
}
