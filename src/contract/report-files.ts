import { closeSync, openSync, writeFileSync, writeSync } from "node:fs";
import { coverageProperties, xml, xmlLines } from "../text/xml.js";
import { exitCodeOf, type Report, type RunEvent } from "./run.js";

const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(3);

const skippedCase = (classname: string, reason: string) =>
  `    <testcase classname="${xml(classname)}" name="not selected" time="0.000"><skipped message="not selected">${xmlLines(reason)}</skipped></testcase>`;

/**
 * JUnit XML: a test suite per operation, a test case per check (one "implemented" case for an
 * operation the server does not have); a suite of what was not selected, as skipped cases; a
 * suite "run" for the run's own failures, and an <error> naming why a run ended early.
 */
export function writeJUnit(file: string, report: Report) {
  const suites = new Map<string, typeof report.results>();
  for (const result of report.results) suites.set(result.operationId, [...(suites.get(result.operationId) ?? []), result]);
  const body = [...suites].map(([operationId, results]) => {
    const cases = results.map((r) => {
      const failure = r.passed ? "" : `<failure message="${xml(r.problems.map((p) => p.message).join("; "))}">${xmlLines(`expected: ${r.expected}\ngot: ${r.actual}\n${r.curl}`)}</failure>`;
      return `    <testcase classname="${xml(`${operationId}.${r.check}`)}" name="${xml(r.name)}" time="${seconds(r.durationMs)}">${failure}</testcase>`;
    });
    const failures = results.filter((r) => !r.passed).length;
    const time = results.reduce((sum, r) => sum + (r.durationMs ?? 0), 0);
    return `  <testsuite name="${xml(operationId)}" tests="${results.length}" failures="${failures}" errors="0" skipped="0" time="${seconds(time)}">\n${[coverageProperties(report.documentCoverage, operationId), ...cases].join("\n")}\n  </testsuite>`;
  });
  const { operations, checks } = report.notSelected;
  const skipped = [...operations.map((o) => skippedCase(o.operationId, o.reason)), ...checks.map((c) => skippedCase(`checks.${c.check}`, c.reason))];
  const skippedSuite = skipped.length ? [`  <testsuite name="not selected" tests="${skipped.length}" failures="0" errors="0" skipped="${skipped.length}" time="0.000">\n${skipped.join("\n")}\n  </testsuite>`] : [];
  const runFailures = report.runProblems.map(
    (problem) => `    <testcase classname="run" name="${xml(problem)}" time="0.000"><failure message="${xml(problem)}"/></testcase>`,
  );
  const stop = report.stoppedEarly;
  const runErrors = stop ? [`    <testcase classname="run" name="stopped early" time="0.000"><error message="${xml(stop.cause)}"/></testcase>`] : [];
  const runCases = [...runFailures, ...runErrors];
  const runSuite = runCases.length ? [`  <testsuite name="run" tests="${runCases.length}" failures="${runFailures.length}" errors="${runErrors.length}" skipped="0" time="0.000">\n${runCases.join("\n")}\n  </testsuite>`] : [];
  const tests = report.results.length + skipped.length + runCases.length;
  const failures = report.results.filter((r) => !r.passed).length + runFailures.length;
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="txc-api contract-test" tests="${tests}" failures="${failures}" errors="${runErrors.length}" skipped="${skipped.length}" time="${seconds(report.durationMs)}">\n${[...body, ...skippedSuite, ...runSuite].join("\n")}\n</testsuites>\n`,
  );
}

/**
 * NDJSON, written from the run's events as they come: one line per check result, then one per
 * skipped operation and per run problem, and a closing summary line (totals, verdict, exit
 * status); `-` is stdout. Notes come in the summary.
 */
export class NdjsonReport {
  /** The file's descriptor; undefined for stdout. */
  readonly #fd: number | undefined;

  constructor(readonly file: string) {
    this.#fd = file === "-" ? undefined : openSync(file, "w");
  }

  #line(value: unknown) {
    const line = `${JSON.stringify(value)}\n`;
    if (this.#fd === undefined) process.stdout.write(line);
    else writeSync(this.#fd, line);
  }

  write(event: RunEvent) {
    if (event.type === "result") this.#line(event.result);
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
      skippedOperations: operations.map((o) => o.operationId),
      skippedChecks: checks.map((c) => c.check),
      outcomes: Object.fromEntries(report.outcomes.map((o) => [o.operationId, o.outcome])),
      runProblems: report.runProblems.length + (report.stoppedEarly ? 1 : 0),
      ...(report.partial ? { partial: report.partial } : {}),
      coverage: report.documentCoverage,
      ...(report.stoppedEarly ? { stoppedEarly: report.stoppedEarly.cause } : {}),
      notes: report.notes,
      requests: report.requests,
      durationMs: Math.round(report.durationMs),
      verdict: exitStatus === 0 ? "pass" : "fail",
      exitStatus,
    });
    if (this.#fd !== undefined) closeSync(this.#fd);
  }
}
