import { closeSync, openSync, writeFileSync, writeSync } from "node:fs";
import { printable } from "../text/printable.js";
import { exitCodeOf, type Report, type RunEvent } from "./run.js";

// Control characters are escaped first (XML 1.0 cannot hold most of them), then markup.
const xml = (text: string) =>
  printable(text, Infinity).replace(/[<>&"']/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[char]!);
const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(3);

/** JUnit XML: a test suite per operation, a test case per check; totals count skipped suites too. */
export function writeJUnit(file: string, report: Report) {
  const suites = new Map<string, typeof report.results>();
  for (const result of report.results) suites.set(result.operationId, [...(suites.get(result.operationId) ?? []), result]);
  const body = [...suites].map(([operationId, results]) => {
    const cases = results.map((r) => {
      const failure = r.passed ? "" : `<failure message="${xml(r.problems.map((p) => p.message).join("; "))}">${xml(`expected: ${r.expected}\ngot: ${r.actual}\n${r.curl}`)}</failure>`;
      return `    <testcase classname="${xml(`${operationId}.${r.check}`)}" name="${xml(r.name)}" time="${seconds(r.durationMs)}">${failure}</testcase>`;
    });
    const failures = results.filter((r) => !r.passed).length;
    const time = results.reduce((sum, r) => sum + (r.durationMs ?? 0), 0);
    return `  <testsuite name="${xml(operationId)}" tests="${results.length}" failures="${failures}" skipped="0" time="${seconds(time)}">\n${cases.join("\n")}\n  </testsuite>`;
  });
  const skippedSuites = report.skipped.map(
    (s) => `  <testsuite name="${xml(s.operationId)}" tests="1" failures="0" skipped="1" time="0.000">\n    <testcase classname="${xml(s.operationId)}" name="all checks" time="0.000"><skipped message="${xml(s.reason)}"/></testcase>\n  </testsuite>`,
  );
  const runFailures = report.runProblems.map(
    (problem) => `    <testcase classname="run" name="${xml(problem)}" time="0.000"><failure message="${xml(problem)}"/></testcase>`,
  );
  const runSuite = runFailures.length ? [`  <testsuite name="run" tests="${runFailures.length}" failures="${runFailures.length}" skipped="0" time="0.000">\n${runFailures.join("\n")}\n  </testsuite>`] : [];
  const tests = report.results.length + report.skipped.length + runFailures.length;
  const failures = report.results.filter((r) => !r.passed).length + runFailures.length;
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="txc-api contract-test" tests="${tests}" failures="${failures}" skipped="${report.skipped.length}" time="${seconds(report.durationMs)}">\n${[...body, ...skippedSuites, ...runSuite].join("\n")}\n</testsuites>\n`,
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
    for (const s of report.skipped) this.#line({ operationId: s.operationId, skipped: true, reason: s.reason });
    for (const problem of report.runProblems) this.#line({ run: true, passed: false, problem });
    this.#line({
      summary: true,
      passed: report.results.length - failed,
      failed,
      skippedOperations: report.skipped.map((s) => s.operationId),
      runProblems: report.runProblems.length,
      notes: report.notes,
      requests: report.requests,
      durationMs: Math.round(report.durationMs),
      verdict: exitStatus === 0 ? "pass" : "fail",
      exitStatus,
    });
    if (this.#fd !== undefined) closeSync(this.#fd);
  }
}
