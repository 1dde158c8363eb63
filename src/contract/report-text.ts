import { COLUMNS, styled } from "../text/terminal.js";
import type { Report } from "./run.js";
import { isUnknownPath, type CheckResult } from "./case.js";
import { counted } from "../text/counted.js";

export type SummaryOptions = { colour?: boolean; /** The terminal's width; 100 when not a terminal. */ columns?: number };

const pad = (text: string, width: number) => text.padEnd(width);

/** One progress line when an operation is done. */
/** `head` and the parts joined with " · ", continued on lines indented by two where `columns` would be passed. */
function joinedWithin(head: string, parts: string[], columns: number): string {
  const lines = [head];
  for (const [i, part] of parts.entries()) {
    const last = lines.length - 1;
    const joined = `${lines[last]}${i === 0 ? " " : " · "}${part}`;
    if (joined.length <= columns || lines[last]!.trim() === "") lines[last] = joined;
    else lines.push(`  ${part}`);
  }
  return lines.join("\n");
}

/** An operation as a report names it: the case of an unknown path is not an operation of the API. */
const shown = (operationId: string) => (isUnknownPath(operationId) ? "(unknown path)" : operationId);

export function progressLine(operationId: string, results: CheckResult[], colour = false): string {
  const failed = results.filter((r) => !r.passed).length;
  return `  ${pad(shown(operationId), 28)} ${counted(results.length, "check")}, ${failed ? styled(colour, "red", `${failed} FAILED`) : styled(colour, "green", "all passed")}`;
}

/** Failures that differ only in the request generated are one failure: same operation, check and problems. */
export function groupFailures(results: CheckResult[]): { example: CheckResult; count: number }[] {
  const groups = new Map<string, { example: CheckResult; count: number }>();
  for (const result of results) {
    if (result.passed) continue;
    const key = JSON.stringify([result.operationId, result.check, result.problems]);
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { example: result, count: 1 });
  }
  return [...groups.values()];
}

/** One failure as the report prints it: what, expected, got, the server's words, and the reproduction. */
export function failureBlock({ example, count }: { example: CheckResult; count: number }, colour: boolean): string {
  return [
    styled(colour, "red", `✗ ${shown(example.operationId)} · ${example.check} · ${example.name}${count > 1 ? ` (and ${count - 1} more failing the same way)` : ""}`),
    // One line each, however long: what the server said stays whole for a search; the
    // reproduction is shell and stays as it is.
    `  expected: ${example.expected}`,
    `  got:      ${example.actual}`,
    ...(example.serverSays ? [`  server:   ${example.serverSays}`] : []),
    ...example.problems.map((problem) => `  - ${problem.message}`),
    "  reproduce (TXC_API_KEY and TXC_API_SECRET from the environment):",
    ...example.curl.split("\n").map((line) => `    ${line}`),
  ].join("\n");
}

type Tally = { passed: number; failed: number };

/** Results counted once per operation and check. */
function tallies(report: Report): Map<string, Map<string, Tally>> {
  const byOperation = new Map<string, Map<string, Tally>>();
  for (const result of report.results) {
    let checks = byOperation.get(result.operationId);
    if (!checks) byOperation.set(result.operationId, (checks = new Map()));
    let tally = checks.get(result.check);
    if (!tally) checks.set(result.check, (tally = { passed: 0, failed: 0 }));
    if (result.passed) tally.passed++;
    else tally.failed++;
  }
  return byOperation;
}

const cellText = (tally: Tally | undefined) =>
  !tally ? "-" : tally.failed ? `${tally.failed}/${tally.passed + tally.failed} failed` : `${tally.passed} passed`;

/** The operations × checks table, of the checks the run was asked for; a list where the table is too wide. */
function table(report: Report, columns: number): string[] {
  const byOperation = tallies(report);
  const skipped = new Set(report.skipped.map((s) => s.operationId));
  const operationIds = [...new Set([...byOperation.keys(), ...skipped])];
  const checks = report.checks;
  const cell = (operationId: string, check: string) => (skipped.has(operationId as never) ? "skipped" : cellText(byOperation.get(operationId)?.get(check)));
  const widths = [Math.max(14, ...operationIds.map((id) => shown(id).length)), ...checks.map((check) => Math.max(check.length, ...operationIds.map((id) => cell(id, check).length)))];
  const width = widths.reduce((sum, w) => sum + w, 0) + 2 * (widths.length - 1);
  if (width <= columns) {
    const row = (cells: string[]) => cells.map((text, i) => pad(text, widths[i])).join("  ").trimEnd();
    return [row(["operation", ...checks]), ...operationIds.map((id) => row([shown(id), ...checks.map((check) => cell(id, check))]))];
  }
  return operationIds.map((id) => {
    if (skipped.has(id as never)) return `${id}: skipped`;
    const cells = checks.map((check) => [check, cell(id, check)] as const).filter(([, text]) => text !== "-");
    return joinedWithin(`${shown(id)}:`, cells.map(([check, text]) => `${check} ${text}`), columns);
  });
}

/** The closing report: failures grouped, the operations × checks table, notes, coverage and time. */
export function summary(report: Report, { colour = false, columns = COLUMNS }: SummaryOptions = {}): string {
  const failures = report.results.filter((r) => !r.passed);
  const groups = groupFailures(report.results);
  const covered = Object.entries(report.coverage.statuses).map(
    ([id, { documented, observed }]) => `  ${pad(id, 28)} observed ${observed.join(", ") || "none"} of documented ${documented.join(", ")}`,
  );
  const skipped = report.skipped.length ? `; ${counted(report.skipped.length, "operation")} skipped` : "";
  return [
    ...groups.map((group) => failureBlock(group, colour)),
    groups.length ? "" : undefined,
    ...table(report, columns),
    "",
    ...report.skipped.map((s) => `skipped ${s.operationId}: ${s.reason}`),
    ...report.notes.map((note) => `note: ${note}`),
    `coverage: ${report.coverage.exercised.length}/${report.coverage.operations} operations exercised; statuses:`,
    ...covered,
    report.rateLimited ? `${report.rateLimited} answers were 429 and were waited out and sent again` : undefined,
    ...report.runProblems.map((problem) => styled(colour, "red", `✗ run: ${problem}`)),
    styled(
      colour,
      failures.length || report.runProblems.length ? "red" : "green",
      `${report.results.length - failures.length} passed, ${failures.length} failed${groups.length < failures.length ? ` (${counted(groups.length, "distinct failure")})` : ""}${skipped}; ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s`,
    ),
  ].filter((line) => line !== undefined).join("\n");
}
