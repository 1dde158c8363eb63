import { styled } from "../text/terminal.js";
import { CHECKS } from "./cases.js";
import type { Report } from "./run.js";
import type { Result } from "./verdict.js";
import { counted } from "../text/counted.js";

const pad = (text: string, width: number) => text.padEnd(width);

/** One progress line when an operation is done. */
export function progressLine(operationId: string, results: Result[], colour = false): string {
  const failed = results.filter((r) => !r.passed).length;
  return `  ${pad(operationId, 28)} ${counted(results.length, "check")}, ${failed ? styled(colour, "red", `${failed} FAILED`) : styled(colour, "green", "all passed")}`;
}

function failureBlock(result: Result, colour: boolean): string {
  return [
    styled(colour, "red", `✗ ${result.operationId} · ${result.check} · ${result.name}`),
    `  expected: ${result.expected}`,
    `  got:      ${result.actual}`,
    ...result.problems.map((problem) => `  - ${problem}`),
    "  reproduce (TXC_API_KEY and TXC_API_SECRET from the environment):",
    ...result.curl.split("\n").map((line) => `    ${line}`),
  ].join("\n");
}

/** The closing report: failures in full, the operations × checks table, coverage and time. */
export function summary(report: Report, colour = false): string {
  const operationIds = [...new Set([...report.results.map((r) => r.operationId), ...report.skipped.map((s) => s.operationId)])];
  const cell = (operationId: string, check: string) => {
    if (report.skipped.some((s) => s.operationId === operationId)) return "skipped";
    const results = report.results.filter((r) => r.operationId === operationId && r.check === check);
    if (!results.length) return "-";
    const failed = results.filter((r) => !r.passed).length;
    return failed ? `${failed}/${results.length} failed` : `${results.length} passed`;
  };
  const widths = [Math.max(12, ...operationIds.map((id) => id.length)), ...CHECKS.map((c) => Math.max(c.length, 14))];
  const row = (cells: string[]) => cells.map((text, i) => pad(text, widths[i])).join("  ");
  const failures = report.results.filter((r) => !r.passed);
  const covered = Object.entries(report.coverage.statuses).map(
    ([id, { documented, observed }]) => `  ${pad(id, 28)} observed ${observed.join(", ") || "none"} of documented ${documented.join(", ")}`,
  );
  return [
    ...failures.map((failure) => failureBlock(failure, colour)),
    failures.length ? "" : undefined,
    row(["operation", ...CHECKS]),
    ...operationIds.map((id) => row([id, ...CHECKS.map((check) => cell(id, check))])),
    "",
    ...report.skipped.map((s) => `skipped ${s.operationId}: ${s.reason}`),
    `coverage: ${report.coverage.exercised.length}/${report.coverage.operations} operations exercised; statuses:`,
    ...covered,
    report.rateLimited ? `${report.rateLimited} answers were 429 and were waited out and sent again` : undefined,
    ...report.runProblems.map((problem) => styled(colour, "red", `✗ run: ${problem}`)),
    styled(
      colour,
      failures.length || report.runProblems.length ? "red" : "green",
      `${report.results.length - failures.length} passed, ${failures.length} failed; ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s`,
    ),
  ].filter((line) => line !== undefined).join("\n");
}
