// XML text for the JUnit reports of the tester and the proxy: one escaper for both.
import { printable } from "./printable.js";

/** An attribute's or one line's text: control characters escaped first (XML 1.0 cannot hold most of them), then markup. */
export const xml = (text: string) =>
  printable(text, Infinity).replace(/[<>&"']/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[char]!);

/** Text content that keeps its line breaks (a CI page shows the curl of a failure as lines to copy). */
export const xmlLines = (text: string) => text.split("\n").map(xml).join("\n");

/** The shape of validation/coverage.ts's Coverage that the reports read. */
type CoverageShown = {
  operations: { exercised: number; total: number; percent: number };
  statuses: { observed: number; documented: number; percent: number };
  byOperation: Record<string, { documented: string[]; observed: string[]; checks: string[] }>;
};

/**
 * A JUnit suite's <properties>: the operation's own coverage, then the run's (JUnit has no
 * properties above a suite), one line each.
 */
export function coverageProperties(coverage: CoverageShown, operation: string): string {
  const own = coverage.byOperation[operation];
  const { operations, statuses } = coverage;
  const entries: [string, string | number][] = [
    ...(own ? ([["statuses.documented", own.documented.join(", ")], ["statuses.observed", own.observed.join(", ")], ["checks", own.checks.join(", ")]] as [string, string][]) : []),
    ["run.operations.exercised", operations.exercised], ["run.operations.total", operations.total], ["run.operations.percent", operations.percent],
    ["run.statuses.observed", statuses.observed], ["run.statuses.documented", statuses.documented], ["run.statuses.percent", statuses.percent],
  ];
  return `    <properties>\n${entries.map(([name, value]) => `      <property name="coverage.${xml(name)}" value="${xml(String(value))}"/>`).join("\n")}\n    </properties>`;
}
