// How much of the document a run (the tester's) or some traffic (the proxy's) exercised: the
// operations answered, the documented statuses seen, the checks run. One reading for both.
import { operationIds, type OperationId } from "../../generated/operations.js";
import { validators } from "../../generated/validators.js";
import { documentedStatusKey } from "./status-key.js";
import { saysAbsent } from "./absent.js";

export type Coverage = {
  operations: { exercised: number; total: number; percent: number };
  statuses: { observed: number; documented: number; percent: number };
  /** Each operation of the document: its documented statuses (as the document keys them), those seen, and the checks that ran on it. */
  byOperation: Record<string, { documented: string[]; observed: string[]; checks: string[] }>;
};

const percent = (part: number, whole: number) => (whole === 0 ? 100 : Math.floor((part / whole) * 1000) / 10);

/**
 * Coverage of the document by what was seen: `statuses` the statuses each operation answered,
 * `checks` the checks that ran on each. An operation counts as exercised when it answered.
 */
export function coverageOf(statuses: ReadonlyMap<string, Iterable<number>>, checks: ReadonlyMap<string, Iterable<string>> = new Map()): Coverage {
  const byOperation: Coverage["byOperation"] = {};
  let exercised = 0;
  let observed = 0;
  let documented = 0;
  for (const operationId of operationIds as readonly OperationId[]) {
    const keys = Object.keys(validators[operationId].responses);
    const answered = [...(statuses.get(operationId) ?? [])];
    // An operation that answered only as a server without it (404, 405, 501) was not exercised.
    const present = answered.some((status) => !saysAbsent(operationId, status));
    const seen = new Set<string>();
    for (const status of present ? answered : []) {
      const key = documentedStatusKey(status, (candidate) => keys.includes(candidate));
      if (key) seen.add(key);
    }
    if (present) exercised++;
    observed += seen.size;
    documented += keys.length;
    byOperation[operationId] = { documented: keys, observed: keys.filter((key) => seen.has(key)), checks: [...new Set(checks.get(operationId) ?? [])].sort() };
  }
  return {
    operations: { exercised, total: operationIds.length, percent: percent(exercised, operationIds.length) },
    statuses: { observed, documented, percent: percent(observed, documented) },
    byOperation,
  };
}

/** The least coverage a run must reach: `--min-coverage operations=100,statuses=60`. */
export type MinCoverage = { operations?: number; statuses?: number };

/** "operations=100,statuses=60" as a MinCoverage; a message naming the part at fault otherwise. */
export function parseMinCoverage(text: string): MinCoverage | string {
  const wanted: MinCoverage = {};
  for (const part of text.split(",").map((piece) => piece.trim()).filter(Boolean)) {
    const match = /^(operations|statuses)=(\d{1,3}(?:\.\d+)?)$/.exec(part);
    if (!match || Number(match[2]) > 100) return `"${part.slice(0, 40)}" is not operations=P or statuses=P with P a percentage from 0 to 100`;
    wanted[match[1] as keyof MinCoverage] = Number(match[2]);
  }
  return Object.keys(wanted).length ? wanted : "give operations=P, statuses=P or both, such as operations=100,statuses=60";
}

/** Where coverage falls short of the minimum: one problem each, with what is missing. */
export function coverageShortfalls(coverage: Coverage, minimum: MinCoverage): string[] {
  const problems: string[] = [];
  if (minimum.operations !== undefined && coverage.operations.percent < minimum.operations) {
    const missing = Object.entries(coverage.byOperation).filter(([, entry]) => entry.observed.length === 0).map(([id]) => id);
    problems.push(`coverage: ${coverage.operations.percent}% of the operations exercised, below the minimum of ${minimum.operations}% (not exercised: ${missing.join(", ")})`);
  }
  if (minimum.statuses !== undefined && coverage.statuses.percent < minimum.statuses) {
    problems.push(`coverage: ${coverage.statuses.percent}% of the documented statuses observed (${coverage.statuses.observed} of ${coverage.statuses.documented}), below the minimum of ${minimum.statuses}%`);
  }
  return problems;
}
