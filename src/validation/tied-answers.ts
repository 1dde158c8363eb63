import { operationIndex, type OperationId } from "../../generated/operations.js";

export type Tie = { answer: string; equals: string } | { answer: string; atMostItems: string } | { onlyKey: string };
type Fields = Record<string, unknown>;

const shown = (value: unknown) => (value === undefined ? "nothing" : JSON.stringify(value));

/**
 * Ways a 200 answer contradicts the request the document ties it to (`x-tied-to-request`): a
 * refund's id that is not the transaction_id sent, a page's limit or offset that are not the ones
 * asked for (or their defaults), more records than the limit, a balance asked for one ticker that
 * lists another. Undefined when no tie applies to this request: nothing was compared.
 */
export function tiedAnswerProblems(operationId: OperationId, fields: Fields, answer: unknown): string[] | undefined {
  const ties = operationIndex[operationId].tiedToRequest as readonly Tie[];
  if (!answer || typeof answer !== "object") return undefined;
  const body = answer as Record<string, unknown>;
  const defaults = operationIndex[operationId].requestDefaults as Fields;
  const asked = (field: string) => (field in fields ? fields[field] : defaults[field]);
  const problems: string[] = [];
  let compared = 0;
  for (const tie of ties) {
    if ("onlyKey" in tie) {
      const wanted = fields[tie.onlyKey];
      if (wanted === undefined) continue;
      compared++;
      const others = Object.keys(body).filter((key) => key !== wanted);
      if (others.length) problems.push(`asked for ${tie.onlyKey} ${shown(wanted)}, the answer also lists ${others.slice(0, 5).join(", ")}${others.length > 5 ? ", …" : ""}`);
    } else if ("equals" in tie) {
      const want = asked(tie.equals);
      if (want === undefined) continue;
      compared++;
      if (body[tie.answer] !== want) {
        problems.push(`the answer's ${tie.answer} is ${shown(body[tie.answer])}, not the ${tie.equals} of the request, ${shown(want)}`);
      }
    } else {
      const most = asked(tie.atMostItems);
      const items = body[tie.answer];
      if (typeof most !== "number" || !Array.isArray(items)) continue;
      compared++;
      if (items.length > most) {
        problems.push(`the answer holds ${items.length} ${tie.answer}, more than the ${tie.atMostItems} of the request, ${most}`);
      }
    }
  }
  return compared ? problems : undefined;
}

/** The paged operations: those the document marks with `x-paging`. */
export const isPaged = (operationId: OperationId): boolean => operationIndex[operationId].pagination !== null;
