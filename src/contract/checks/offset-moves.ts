import { counted } from "../../text/counted.js";
import { isDeepStrictEqual } from "node:util";
import type { Case } from "../case.js";
import { operationIndex, type OperationId } from "../../../generated/operations.js";
import { realFields } from "../fixtures.js";
import type { Observation } from "../case.js";
import { reproduction } from "../reproduction.js";
import { judge, type CheckResult } from "../verdict.js";
import { isPaged } from "../../validation/tied-answers.js";

type SendCase = (testCase: Case) => Promise<Observation>;
type Fields = Record<string, unknown>;

/** The paging field names of a paged operation (`x-paging`). */
const pagingOf = (operationId: OperationId) => operationIndex[operationId].pagination!;

const recordsOf = (operationId: OperationId, observed: Observation): unknown[] | undefined => {
  const records = observed.json.ok ? (observed.json.value as Record<string, unknown> | null)?.[pagingOf(operationId).recordsField] : undefined;
  return Array.isArray(records) ? records : undefined;
};

/**
 * A later offset moves through the records: the page at offset 1, limit 1 is the second record of
 * the page at offset 0, limit 2. It assumes that two reads in a row list the records in the same
 * order. Returns the result, or a note when the server holds fewer than two records to compare.
 */
export async function offsetMoves(operationId: OperationId, base: Fields, sendCase: SendCase): Promise<CheckResult | string> {
  const { method, path } = operationIndex[operationId];
  const { offsetField, limitField } = pagingOf(operationId);
  const step = (name: string, offset: number, limit: number): Case => ({
    operationId, check: "tied-answers", name, method, path, fields: { ...base, [offsetField]: offset, [limitField]: limit }, expect: { kind: "accepted" }, realValues: "fixture",
  });
  const first = step("a later offset moves: offset 0, limit 2", 0, 2);
  const firstAnswer = await sendCase(first);
  const firstVerdict = judge(first, firstAnswer);
  if (!firstVerdict.passed) return { ...firstVerdict, name: first.name };
  const two = recordsOf(operationId, firstAnswer) ?? [];
  if (two.length < 2) return `${operationId}: a later offset was not compared, the server has ${counted(two.length, "record")} for ${JSON.stringify(base)}`;
  const second = step("a later offset moves: offset 1, limit 1, after offset 0, limit 2", 1, 1);
  const secondAnswer = await sendCase(second);
  const verdict = judge(second, secondAnswer);
  if (!verdict.passed) return verdict;
  const moved = recordsOf(operationId, secondAnswer) ?? [];
  if (moved.length === 1 && isDeepStrictEqual(moved[0], two[1])) return verdict;
  const problem = moved.length && isDeepStrictEqual(moved[0], two[0])
    ? "offset 1 answered the first record again: the server ignores offset"
    : `offset 1, limit 1 answered ${moved.length} record(s), not the second record of offset 0, limit 2`;
  return { ...verdict, passed: false, problems: [{ kind: "tied-answer", message: problem }], curl: reproduction(secondAnswer.url, second) };
}

/** The paged read-only operations of a run with the fields to page through (a fixture, else the first example). */
export function pagedOperations(operationIds: OperationId[], fixtures: Partial<Record<OperationId, Fields>>): { operationId: OperationId; base: Fields }[] {
  return operationIds
    .filter((id) => isPaged(id) && !operationIndex[id].stateChanging)
    .map((operationId) => {
      const { offsetField, limitField } = pagingOf(operationId);
      const { [offsetField]: _offset, [limitField]: _limit, ...base } = realFields(operationId, fixtures);
      return { operationId, base };
    });
}
