import { ANSWER_ORACLES } from "../../validation/answer-oracles.js";
import { isUnknownPath, type Case } from "../case.js";
import { operationIndex, type OperationId } from "../../../generated/operations.js";
import type { Observation } from "../case.js";
import { exchangeOf, verdictOf, type CheckResult } from "../verdict.js";
import { tiesInWords } from "./document-words.js";
import { defineCheck } from "./check.js";
import { offsetMoves, pagedOperations } from "./offset-moves.js";
import { validRequests } from "./positive.js";

/**
 * The tied-answers verdict on an accepted case's 200 answer, for operations whose document ties
 * the answer to the request; undefined where there is nothing to compare.
 */
export function judgeTied(testCase: Case, observed: Observation): CheckResult | undefined {
  if (isUnknownPath(testCase.operationId) || testCase.tamper || observed.status !== 200) return undefined;
  const problems = ANSWER_ORACLES.find((oracle) => oracle.name === "tied-answers")!.judge(exchangeOf(testCase as Case & { operationId: OperationId }, observed, true));
  return problems && verdictOf(testCase, observed, "tied-answers", problems, "a 200 answer that agrees with its request");
}

export const tiedAnswers = defineCheck({
  name: "tied-answers",
  description: `answers agree with their request where the document ties them (x-tied-to-request: ${tiesInWords()}), and a later offset moves a page`,
  // Every accepted answer is compared; without positive, the valid requests of the tied operations
  // are sent for it, each reported only when it failed (its acceptance is positive's to report).
  cases: (operation, plan) =>
    !plan.wanted("positive") && operationIndex[operation.operationId].tiedToRequest.length
      ? validRequests(operation, plan, "tied-answers").map((testCase) => ({ ...testCase, ownAcceptance: "when-failed" as const }))
      : [],
  judgeAccepted: judgeTied,
  // A read-only operation's valid requests are answered 200, so its ties are always compared.
  covers: (plan) => plan.operations.filter((id) => operationIndex[id].tiedToRequest.length > 0 && !operationIndex[id].stateChanging).map((operationId) => ({ operationId })),
  phase: {
    at: "before-cases",
    run: async ({ plan, sendPaced, record, note }) => {
      for (const { operationId, base } of pagedOperations(plan.operations, plan.fixtures)) {
        const outcome = await offsetMoves(operationId, base, sendPaced);
        if (typeof outcome === "string") note(outcome);
        else record(outcome);
      }
    },
  },
});
