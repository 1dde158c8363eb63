import { operations } from "../../generated/operations.js";
import type { PagedOperationId } from "./operation-types.js";

type Page = { records: unknown[] };

/**
 * Walks limit/offset pages: the largest page the document allows (or the caller's limit), until a
 * page comes back short or the documented offset bound is passed.
 */
export async function* paginate(
  operationId: PagedOperationId,
  params: { limit?: number; offset?: number } | undefined,
  fetchPage: (params: object) => Promise<unknown>,
): AsyncGenerator<never> {
  const bounds = operations[operationId].pagination;
  const limit = params?.limit ?? bounds.limitMaximum ?? bounds.limitDefault ?? 100;
  for (let offset = params?.offset ?? 0; bounds.offsetMaximum === null || offset <= bounds.offsetMaximum; offset += limit) {
    const page = (await fetchPage({ ...params, limit, offset })) as Page;
    yield* page.records as never[];
    if (page.records.length < limit) return;
  }
}
