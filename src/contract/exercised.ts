// A run that checked nothing never passes: what the user asked for must have been exercised. An
// operation named with --operation, a check named with --checks, and at least one operation of
// the document; each one missed is a problem of its own, saying why and what to do.
import { operationIds, type OperationId } from "../../generated/operations.js";
import type { CheckName } from "./checks/registry.js";
import { MUTATIONS_LEFT_OUT, type NotSelected } from "./selection.js";

export type Asked = {
  operations: readonly OperationId[];
  checks: ReadonlySet<CheckName>;
  /** Whether the operations, and the checks, were named (--operation, --checks; `operations`, `checks`), not the defaults. */
  named: { operations: boolean; checks: boolean };
  surface: "cli" | "library";
};

/** What to do about a reason something was left out, in the words of the surface the user has. */
function advice(reason: string, surface: Asked["surface"]): string {
  if (reason === MUTATIONS_LEFT_OUT) return `it changes state; add ${surface === "cli" ? "--include-mutations" : "includeMutations: true"}`;
  return reason;
}

/**
 * What the run was asked to exercise and did not: each a problem ("applyCode: not exercised: it
 * changes state; add --include-mutations"). `exercised` are the operations with a result, and
 * `checksRan` the checks with one.
 */
export function unexercised(asked: Asked, left: NotSelected, exercised: ReadonlySet<string>, checksRan: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  if (!operationIds.some((id) => exercised.has(id))) {
    const why = left.operations.find((entry) => asked.operations.includes(entry.operationId))?.reason;
    problems.push(`no operation of the document was exercised${why ? `: ${advice(why, asked.surface)}` : ""}`);
  }
  if (asked.named.operations) {
    for (const operationId of asked.operations) {
      if (exercised.has(operationId)) continue;
      const reason = left.operations.find((entry) => entry.operationId === operationId)?.reason;
      problems.push(`${operationId}: not exercised: ${reason ? advice(reason, asked.surface) : `no case of the checks selected (${[...asked.checks].join(", ")}) reached it`}`);
    }
  }
  if (asked.named.checks) {
    for (const check of asked.checks) {
      if (checksRan.has(check)) continue;
      const reason = left.checks.find((entry) => entry.check === check)?.reason;
      problems.push(`${check}: ran nowhere: ${reason ? advice(reason, asked.surface) : "no operation selected has a case for it"}`);
    }
  }
  return problems;
}
