import { operationIndex } from "../../generated/operations.js";
import type { PagedOperationId } from "./operation-types.js";

import { RequestValidationError, TxcApiError } from "../errors/index.js";
import { closest } from "../text/closest.js";

/**
 * Walks an operation's pages as the document's `x-paging` names their fields: the largest page the
 * document allows (or the caller's limit, else the answer's own), until a page comes back short or
 * the documented offset bound is passed. A limit below 1 is refused before anything is sent, and a
 * page whose offset is not the one asked for (a server ignoring the offset would repeat one page
 * for ever) ends the walk with an error.
 */
export async function* paginate(
  operationId: PagedOperationId,
  params: Record<string, unknown> | undefined,
  fetchPage: (params: object) => Promise<unknown>,
): AsyncGenerator<never> {
  const paged = Object.entries(operationIndex).filter(([, op]) => op.pagination).map(([id]) => id);
  if (!Object.hasOwn(operationIndex, operationId)) {
    const meant = closest(String(operationId), paged);
    throw new TxcApiError(String(operationId), `is not an operation of the API${meant ? `: did you mean ${meant}?` : `; paginate takes ${paged.join(", ")}`}`);
  }
  const bounds = operationIndex[operationId].pagination;
  if (!bounds) throw new TxcApiError(String(operationId), `is not paged: paginate takes ${paged.join(", ")}`);
  const { offsetField, limitField, recordsField } = bounds;
  const asked = params?.[limitField] ?? bounds.limitMaximum ?? bounds.limitDefault ?? undefined;
  if (asked !== undefined && (!Number.isInteger(asked) || (asked as number) < 1)) {
    throw new RequestValidationError(operationId, [{ field: limitField, rule: "minimum", message: `${limitField} must be an integer >= 1 to page` }]);
  }
  let offset = (params?.[offsetField] as number | undefined) ?? 0;
  while (bounds.offsetMaximum === null || offset <= bounds.offsetMaximum) {
    const page = (await fetchPage({ ...params, ...(asked === undefined ? {} : { [limitField]: asked }), [offsetField]: offset })) as Record<string, unknown>;
    if (page[offsetField] !== offset) {
      throw new TxcApiError(operationId, `the page asked for at ${offsetField} ${offset} came back with ${offsetField} ${page[offsetField]}: the server does not page, so the walk stopped`);
    }
    const records = page[recordsField] as unknown[];
    yield* records as never[];
    const limit = asked ?? page[limitField];
    if (!Number.isInteger(limit) || (limit as number) < 1) {
      throw new TxcApiError(operationId, `the page came back with ${limitField} ${JSON.stringify(limit)}, so the next ${offsetField} is unknown and the walk stopped`);
    }
    if (records.length < (limit as number)) return;
    offset += limit as number;
  }
}
