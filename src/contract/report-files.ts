import { writeFileSync } from "node:fs";
import type { Report } from "./run.js";

const xml = (text: string) => text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** JUnit XML: a test suite per operation, a test case per check. */
export function writeJUnit(file: string, report: Report) {
  const suites = new Map<string, typeof report.results>();
  for (const result of report.results) suites.set(result.operationId, [...(suites.get(result.operationId) ?? []), result]);
  const body = [...suites].map(([operationId, results]) => {
    const cases = results.map((r) => {
      const failure = r.passed ? "" : `<failure message="${xml(r.problems.join("; "))}">${xml(`expected: ${r.expected}\ngot: ${r.actual}\n${r.curl}`)}</failure>`;
      return `    <testcase classname="${xml(`${operationId}.${r.check}`)}" name="${xml(r.name)}">${failure}</testcase>`;
    });
    const skipped = report.skipped.filter((s) => s.operationId === operationId);
    const failures = results.filter((r) => !r.passed).length;
    return `  <testsuite name="${xml(operationId)}" tests="${results.length + skipped.length}" failures="${failures}" skipped="${skipped.length}">\n${cases.join("\n")}\n  </testsuite>`;
  });
  const skippedSuites = report.skipped
    .filter((s) => !suites.has(s.operationId))
    .map((s) => `  <testsuite name="${xml(s.operationId)}" tests="1" failures="0" skipped="1">\n    <testcase classname="${xml(s.operationId)}" name="all checks"><skipped message="${xml(s.reason)}"/></testcase>\n  </testsuite>`);
  const failures = report.results.filter((r) => !r.passed).length;
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="txc-api contract-test" tests="${report.results.length}" failures="${failures}" time="${(report.durationMs / 1000).toFixed(3)}">\n${[...body, ...skippedSuites].join("\n")}\n</testsuites>\n`,
  );
}

/** NDJSON: one line per check result, then one per skipped operation. */
export function writeNdjson(file: string, report: Report) {
  const lines = [
    ...report.results.map((r) => JSON.stringify(r)),
    ...report.skipped.map((s) => JSON.stringify({ operationId: s.operationId, skipped: true, reason: s.reason })),
  ];
  writeFileSync(file, lines.join("\n") + "\n");
}
