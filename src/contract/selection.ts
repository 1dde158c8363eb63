// What a run leaves out, and why: operations not asked for or that change state, checks not asked
// for, opt-in, or idle for want of a key. Reports list them, so that a filtered run never reads
// as a whole one.
import { CHECK_NAMES, checkNamed, type CheckName } from "./checks/registry.js";
import { operationIds, type OperationId } from "../../generated/operations.js";
import { sends, type Wording } from "./tester-options.js";

/** Why something was left out: "not-asked" (not among those selected), "changes-state" (without mutations included), "opt-in", "needs-basic-key". */
export type LeftOutCode = "not-asked" | "changes-state" | "opt-in" | "needs-basic-key";
/** A reason as a code, and in the words of the surface the user has. */
export type LeftOut = { code: LeftOutCode; reason: string };

export type NotSelected = {
  operations: ({ operationId: OperationId } & LeftOut)[];
  checks: ({ check: CheckName } & LeftOut)[];
};

export type SelectionOptions = {
  operations: readonly OperationId[];
  checks: ReadonlySet<CheckName>;
  includeMutations: boolean;
  hasBasicIdentity: boolean;
  wording: Wording;
};

function leftOut(code: LeftOutCode, wording: Wording, what: "operations" | "checks"): LeftOut {
  const reasons: Record<LeftOutCode, string> = {
    "not-asked": `not among the ${what} selected`,
    "changes-state": `changes state: sent only with ${wording.name("includeMutations")}`,
    "opt-in": "opt-in: it sends a thousand requests or more",
    "needs-basic-key": "needs an ordinary account's key in TXC_API_KEY_BASIC and TXC_API_SECRET_BASIC",
  };
  return { code, reason: reasons[code] };
}

function operationCode(operationId: OperationId, options: SelectionOptions): LeftOutCode | undefined {
  if (sends(options, operationId)) return undefined;
  return options.operations.includes(operationId) ? "changes-state" : "not-asked";
}

function checkCode(check: CheckName, options: SelectionOptions): LeftOutCode | undefined {
  const { optIn, needs } = checkNamed(check);
  if (!options.checks.has(check)) return optIn ? "opt-in" : "not-asked";
  if (needs === "basic-identity" && !options.hasBasicIdentity) return "needs-basic-key";
  if (needs === "mutations" && !options.includeMutations) return "changes-state";
  return undefined;
}

/** The document's operations and the registry's checks that the run does not exercise, each with its reason. */
export function notSelected(options: SelectionOptions): NotSelected {
  return {
    operations: operationIds.flatMap((operationId) => {
      const code = operationCode(operationId, options);
      return code ? [{ operationId, ...leftOut(code, options.wording, "operations") }] : [];
    }),
    checks: CHECK_NAMES.flatMap((check) => {
      const code = checkCode(check, options);
      return code ? [{ check, ...leftOut(code, options.wording, "checks") }] : [];
    }),
  };
}
