// A run that checked nothing never passes: what the user asked for must have been exercised. An
// operation named with --operation, a check named with --checks, and at least one operation of
// the document; each one missed is a problem of its own, saying why and what to do.
import { operationIds, type OperationId } from "../../generated/operations.js";
import type { CheckName } from "./checks/registry.js";
import type { LeftOut, NotSelected } from "./selection.js";
import type { Wording } from "./tester-options.js";

export type Asked = {
  operations: readonly OperationId[];
  checks: ReadonlySet<CheckName>;
  /** Whether the operations, and the checks, were named (--operation, --checks; `operations`, `checks`), not the defaults. */
  named: { operations: boolean; checks: boolean };
  wording: Wording;
};

/** What to do about a reason something was left out, in the words of the surface the user has. */
function advice(leftOut: LeftOut, wording: Wording): string {
  return leftOut.code === "changes-state" ? `it changes state; ${wording.turnOn("includeMutations")}` : leftOut.reason;
}

/**
 * What the run was asked to exercise and did not: each a problem ("applyCode: not exercised: it
 * changes state; add --include-mutations"). `exercised` are the operations with a result, and
 * `checksRan` the checks with one.
 */
export function unexercised(asked: Asked, left: NotSelected, exercised: ReadonlySet<string>, checksRan: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  if (!operationIds.some((id) => exercised.has(id))) {
    const why = left.operations.find((entry) => asked.operations.includes(entry.operationId));
    problems.push(`no operation of the document was exercised${why ? `: ${advice(why, asked.wording)}` : ""}`);
  }
  if (asked.named.operations) {
    for (const operationId of asked.operations) {
      if (exercised.has(operationId)) continue;
      const leftOut = left.operations.find((entry) => entry.operationId === operationId);
      problems.push(`${operationId}: not exercised: ${leftOut ? advice(leftOut, asked.wording) : `no case of the checks selected (${[...asked.checks].join(", ")}) reached it`}`);
    }
  }
  if (asked.named.checks) {
    for (const check of asked.checks) {
      if (checksRan.has(check)) continue;
      const leftOut = left.checks.find((entry) => entry.check === check);
      problems.push(`${check}: ran nowhere: ${leftOut ? advice(leftOut, asked.wording) : "no operation selected has a case for it"}`);
    }
  }
  return problems;
}
