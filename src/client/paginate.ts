import { operationIndex } from "../../generated/operations.js";
import type { PagedOperationId } from "./operation-types.js";

import { RequestValidationError, TxcApiError } from "../errors/index.js";
import { closest } from "../text/closest.js";

type Page = { offset: number; records: unknown[] };

/**
 * Walks limit/offset pages: the largest page the document allows (or the caller's limit), until a
 * page comes back short or the documented offset bound is passed. A limit below 1 is refused
 * before anything is sent, and a page whose offset is not the one asked for (a server ignoring
 * `offset` would repeat one page for ever) ends the walk with an error.
 */
export async function* paginate(
  operationId: PagedOperationId,
  params: { limit?: number; offset?: number } | undefined,
  fetchPage: (params: object) => Promise<unknown>,
): AsyncGenerator<never> {
  const paged = Object.entries(operationIndex).filter(([, op]) => op.pagination).map(([id]) => id);
  if (!Object.hasOwn(operationIndex, operationId)) {
    const meant = closest(String(operationId), paged);
    throw new TxcApiError(String(operationId), `is not an operation of the API${meant ? `: did you mean ${meant}?` : `; paginate takes ${paged.join(", ")}`}`);
  }
  const bounds = operationIndex[operationId].pagination;
  if (!bounds) throw new TxcApiError(String(operationId), `is not paged: paginate takes ${paged.join(", ")}`);
  const limit = params?.limit ?? bounds.limitMaximum ?? bounds.limitDefault ?? 100;
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RequestValidationError(operationId, [{ field: "limit", rule: "minimum", message: "limit must be an integer >= 1 to page" }]);
  }
  for (let offset = params?.offset ?? 0; bounds.offsetMaximum === null || offset <= bounds.offsetMaximum; offset += limit) {
    const page = (await fetchPage({ ...params, limit, offset })) as Page;
    if (page.offset !== offset) {
      throw new TxcApiError(operationId, `the page asked for at offset ${offset} came back with offset ${page.offset}: the server does not page, so the walk stopped`);
    }
    yield* page.records as never[];
    if (page.records.length < limit) return;
  }
}
