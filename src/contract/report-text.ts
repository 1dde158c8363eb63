import { COLUMNS, styled, wrap } from "../text/terminal.js";
import type { Report } from "./run/run-types.js";
import { isUnknownPath, type CheckResult } from "./case.js";
import { counted } from "../text/counted.js";
import { NOT_IMPLEMENTED_CHECK } from "./implemented.js";

export type SummaryOptions = { colour?: boolean; /** The terminal's width; 100 when not a terminal. */ columns?: number };

const pad = (text: string, width: number) => text.padEnd(width);

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

/** One progress line when an operation is done. */
export function progressLine(operationId: string, results: CheckResult[], colour = false): string {
  const absent = results.find((r) => r.check === NOT_IMPLEMENTED_CHECK);
  if (absent) return `  ${pad(shown(operationId), 28)} ${styled(colour, absent.passed ? "green" : "red", absent.name)}`;
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
    // A verdict on the run's answers together (never 2xx) has no one request to send again.
    ...(example.curl ? ["  reproduce (TXC_API_KEY and TXC_API_SECRET from the environment):", ...example.curl.split("\n").map((line) => `    ${line}`)] : []),
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
  const operationIds = [...byOperation.keys()].filter((id) => !report.notImplemented.includes(id as never));
  if (operationIds.length === 0) return [];
  const checks = report.checks;
  const cell = (operationId: string, check: string) => cellText(byOperation.get(operationId)?.get(check));
  const widths = [Math.max(14, ...operationIds.map((id) => shown(id).length)), ...checks.map((check) => Math.max(check.length, ...operationIds.map((id) => cell(id, check).length)))];
  const width = widths.reduce((sum, w) => sum + w, 0) + 2 * (widths.length - 1);
  if (width <= columns) {
    const row = (cells: string[]) => cells.map((text, i) => pad(text, widths[i])).join("  ").trimEnd();
    return [row(["operation", ...checks]), ...operationIds.map((id) => row([shown(id), ...checks.map((check) => cell(id, check))]))];
  }
  return operationIds.map((id) => {
    const cells = checks.map((check) => [check, cell(id, check)] as const).filter(([, text]) => text !== "-");
    return joinedWithin(`${shown(id)}:`, cells.map(([check, text]) => `${check} ${text}`), columns);
  });
}

/** Which operations passed, failed, were not implemented, not run or not selected; and the checks left out. */
function outcomeLines(report: Report, columns: number): string[] {
  const named = (outcome: string) => report.outcomes.filter((o) => o.outcome === outcome).map((o) => o.operationId);
  const lines: string[] = [];
  for (const outcome of ["passed", "failed", "not exercised"] as const) {
    const ids = named(outcome);
    if (ids.length) lines.push(`${outcome}: ${ids.join(", ")}`);
  }
  const absent = new Map<string, string[]>();
  for (const r of report.results.filter((r) => r.check === NOT_IMPLEMENTED_CHECK)) absent.set(r.name, [...(absent.get(r.name) ?? []), r.operationId]);
  for (const [name, ids] of absent) lines.push(`${name}: ${ids.join(", ")}`);
  if (report.results.some((r) => r.check === NOT_IMPLEMENTED_CHECK && !r.passed)) lines.push("(each one failure; implement it, or list it with --expect-not-implemented while it is being built)");
  for (const { workflowId, blockedBy } of report.blocked) lines.push(`blocked: workflow ${workflowId}, by ${blockedBy} (not implemented)`);
  const byReason = new Map<string, string[]>();
  for (const { operationId, reason } of report.notSelected.operations) byReason.set(reason, [...(byReason.get(reason) ?? []), operationId]);
  for (const [reason, ids] of byReason) lines.push(`not selected: ${counted(ids.length, "operation")} (${reason}): ${ids.join(", ")}`);
  const checks = report.notSelected.checks;
  if (checks.length) lines.push(`not selected: ${counted(checks.length, "check")}: ${checks.map((c) => `${c.check} (${c.reason})`).join(", ")}`);
  // Continuations indented by two, under the line's first word.
  return lines.map((line) => wrap(line, columns - 2).replace(/\n/g, "\n  "));
}

/** The report's last line: the counts, what was left out, and the time. */
export function summaryLine(report: Report, colour = false): string {
  const failures = report.results.filter((r) => !r.passed);
  const groups = groupFailures(report.results);
  const expectedAbsent = report.results.filter((r) => r.check === NOT_IMPLEMENTED_CHECK && r.passed).length;
  const parts = [
    `${report.results.length - failures.length} passed, ${failures.length} failed${groups.length < failures.length ? ` (${counted(groups.length, "distinct failure")})` : ""}`,
    report.notImplemented.length ? `${report.notImplemented.length} not implemented${expectedAbsent ? ` (${expectedAbsent === report.notImplemented.length ? "all" : expectedAbsent} expected)` : ""}` : undefined,
    report.blocked.length ? `${counted(report.blocked.length, "workflow")} blocked` : undefined,
    report.notSelected.operations.length ? `${counted(report.notSelected.operations.length, "operation")} not selected` : undefined,
    report.stoppedEarly ? (report.results.length === 0 ? "could not test" : "stopped early") : undefined,
    report.partial ? `partial run allowed (--allow-partial): ${counted(report.partial.length, "thing")} not exercised` : undefined,
    `${counted(report.requests, "request")} in ${(report.durationMs / 1000).toFixed(1)} s`,
  ];
  const bad = failures.length > 0 || report.runProblems.length > 0 || report.stoppedEarly !== undefined;
  return styled(colour, bad ? "red" : "green", parts.filter(Boolean).join("; "));
}

/** The closing report: failures grouped, the operations × checks table, outcomes, notes, coverage, the run's problems and its summary line. */
export function summary(report: Report, { colour = false, columns = COLUMNS }: SummaryOptions = {}): string {
  // An operation the server does not have is said once, in the outcomes: no block, no reproduction.
  const groups = groupFailures(report.results.filter((r) => r.check !== NOT_IMPLEMENTED_CHECK));
  const covered = Object.entries(report.statusesSeen.statuses).map(
    ([id, { documented, observed }]) => `  ${pad(id, 28)} observed ${observed.join(", ") || "none"} of documented ${documented.join(", ")}`,
  );
  const table_ = table(report, columns);
  return [
    ...groups.map((group) => failureBlock(group, colour)),
    groups.length ? "" : undefined,
    ...table_,
    table_.length ? "" : undefined,
    ...outcomeLines(report, columns),
    // An operation the server does not have leaves nothing to note of it.
    ...report.notes.filter((note) => !report.notImplemented.some((id) => note.startsWith(`${id}: `))).map((note) => `note: ${note}`),
    `coverage: ${report.coverage.operations.exercised} of ${report.coverage.operations.total} operations exercised (${report.coverage.operations.percent}%), ${report.coverage.statuses.observed} of ${report.coverage.statuses.documented} documented statuses observed (${report.coverage.statuses.percent}%); statuses:`,
    ...covered,
    report.rateLimited ? `${report.rateLimited === 1 ? "1 answer was 429 and was" : `${report.rateLimited} answers were 429 and were`} waited out and sent again` : undefined,
    ...report.runProblems.map((problem) => styled(colour, "red", `✗ run: ${problem}`)),
    ...(report.partial ?? []).map((problem) => `allowed by --allow-partial: ${problem}`),
    report.stoppedEarly ? styled(colour, "red", `✗ run: ${report.stoppedEarly.cause}`) : undefined,
    summaryLine(report, colour),
  ].filter((line) => line !== undefined).join("\n");
}
