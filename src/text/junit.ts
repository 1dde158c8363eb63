// The JUnit XML of the tester's and the proxy's reports: one writer for both, from suites of cases.
import { printable } from "./printable.js";

/** An attribute's or one line's text: control characters escaped first (XML 1.0 cannot hold most of them), then markup. */
const xml = (text: string) =>
  printable(text, Infinity).replace(/[<>&"']/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[char]!);

/** Text content that keeps its line breaks (a CI page shows the curl of a failure as lines to copy). */
const xmlLines = (text: string) => text.split("\n").map(xml).join("\n");

/** The shape of validation/coverage.ts's Coverage that the reports read. */
type CoverageShown = {
  operations: { exercised: number; total: number; percent: number };
  statuses: { observed: number; documented: number; percent: number };
  byOperation: Record<string, { documented: string[]; observed: string[]; checks: string[] }>;
};

/**
 * A suite's coverage properties: the operation's own coverage, then the run's (JUnit has no
 * properties above a suite).
 */
export function coverageProperties(coverage: CoverageShown, operation: string): [string, string | number][] {
  const own = coverage.byOperation[operation];
  const { operations, statuses } = coverage;
  const entries: [string, string | number][] = [
    ...(own ? ([["statuses.documented", own.documented.join(", ")], ["statuses.observed", own.observed.join(", ")], ["checks", own.checks.join(", ")]] as [string, string][]) : []),
    ["run.operations.exercised", operations.exercised], ["run.operations.total", operations.total], ["run.operations.percent", operations.percent],
    ["run.statuses.observed", statuses.observed], ["run.statuses.documented", statuses.documented], ["run.statuses.percent", statuses.percent],
  ];
  return entries.map(([name, value]) => [`coverage.${name}`, value]);
}

/** A test case: passed, or with a failure (its message and the lines to show), an error, or skipped. */
export type JUnitCase = {
  classname: string;
  name: string;
  timeMs?: number | undefined;
  failure?: { message: string; lines?: string | undefined } | undefined;
  error?: { message: string } | undefined;
  skipped?: { message: string; lines: string } | undefined;
};
export type JUnitSuite = { name: string; properties?: [string, string | number][]; cases: JUnitCase[] };

const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(3);

function caseXml({ classname, name, timeMs, failure, error, skipped }: JUnitCase, timed: boolean): string {
  const inner = failure ? `<failure message="${xml(failure.message)}"${failure.lines === undefined ? "/>" : `>${xmlLines(failure.lines)}</failure>`}`
    : error ? `<error message="${xml(error.message)}"/>`
    : skipped ? `<skipped message="${xml(skipped.message)}">${xmlLines(skipped.lines)}</skipped>`
    : "";
  return `    <testcase classname="${xml(classname)}" name="${xml(name)}"${timed ? ` time="${seconds(timeMs)}"` : ""}>${inner}</testcase>`;
}

const counts = (cases: JUnitCase[]) =>
  `tests="${cases.length}" failures="${cases.filter((c) => c.failure).length}" errors="${cases.filter((c) => c.error).length}" skipped="${cases.filter((c) => c.skipped).length}"`;

/**
 * A whole report: the suites in order, their totals counted from their cases. A timed report (a
 * run's `timeMs` given) has a time on every case and suite; an untimed one (traffic watched by
 * the proxy, which times no case) has none rather than zeros.
 */
export function junitXml(name: string, suites: JUnitSuite[], timeMs?: number): string {
  const timed = timeMs !== undefined;
  const time = (cases: JUnitCase[]) => (timed ? ` time="${seconds(cases.reduce((sum, c) => sum + (c.timeMs ?? 0), 0))}"` : "");
  const body = suites.map(({ name: suite, properties, cases }) => {
    const shown = properties?.length ? [`    <properties>\n${properties.map(([key, value]) => `      <property name="${xml(key)}" value="${xml(String(value))}"/>`).join("\n")}\n    </properties>`] : [];
    return `  <testsuite name="${xml(suite)}" ${counts(cases)}${time(cases)}>\n${[...shown, ...cases.map((c) => caseXml(c, timed))].join("\n")}\n  </testsuite>`;
  });
  const all = suites.flatMap((suite) => suite.cases);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${xml(name)}" ${counts(all)}${timed ? ` time="${seconds(timeMs)}"` : ""}>\n${body.join("\n")}\n</testsuites>\n`;
}
