// What the checks' descriptions (and so `contract-test --help`) say of the document's ties, keyed
// errors, once-only values and workflows, read from the document: a tie added there is named here.
import { contractFacts } from "../../../generated/contract-facts.js";
import { operationIds, operationIndex, type OperationId } from "../../../generated/operations.js";
import { workflows } from "../../../generated/workflows.js";
import type { Tie } from "../../validation/tied-answers.js";

function tieWords(tie: Tie): string {
  if ("onlyKey" in tie) return `lists only the ${tie.onlyKey} asked for`;
  if ("equals" in tie) return `${tie.answer} is the ${tie.equals} sent`;
  return `holds at most ${tie.atMostItems} ${tie.answer}`;
}

/** The operations with ties (x-tied-to-request), those with the same ties together: "refundDeposit: id is the transaction_id sent". */
export function tiesInWords(): string {
  const byTies = new Map<string, OperationId[]>();
  for (const id of operationIds.filter((id) => operationIndex[id].tiedToRequest.length > 0)) {
    const words = (operationIndex[id].tiedToRequest as readonly Tie[]).map(tieWords).join(", ");
    byTies.set(words, [...(byTies.get(words) ?? []), id]);
  }
  return [...byTies].map(([words, ids]) => `${ids.join(", ")}: ${words}`).join("; ");
}

/** Each operation whose errors the document keys by field (x-errors-keyed-by), with the keys. */
export const errorKeysInWords = (): string =>
  operationIds.filter((id) => contractFacts[id].errorKeys.length > 0).map((id) => `${id}: ${contractFacts[id].errorKeys.join(", ")}`).join("; ");

/** Each operation that succeeds once per value (x-once-per), with the fields: "applyCode's code". */
export const onceOnlyInWords = (): string =>
  operationIds.filter((id: OperationId) => operationIndex[id].oncePer.length > 0).map((id) => `${id}'s ${operationIndex[id].oncePer.join(" and ")}`).join(", ");

/** The workflows by their summaries. */
export const workflowsInWords = (): string => workflows.map((workflow) => `${workflow.workflowId}${workflow.summary ? ` (${workflow.summary.replace(/^./, (first) => first.toLowerCase())})` : ""}`).join("; ");
