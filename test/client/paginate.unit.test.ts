// paginate as a pure walk over a page source: the pages it asks for and when it stops.
import { describe, expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import { paginate } from "../../src/client/paginate.js";
import { RequestValidationError, TxcApiError } from "../../src/errors/index.js";

/** A source of `total` records that pages as the document says, logging each page asked for. */
function pagesOf(total: number, log: object[]) {
  return async (params: object) => {
    log.push(params);
    const { limit, offset } = params as { limit: number; offset: number };
    return { offset, limit, records: Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => offset + i) };
  };
}
const walk = async (generator: AsyncGenerator<unknown>) => {
  const seen: unknown[] = [];
  for await (const record of generator) seen.push(record);
  return seen;
};

describe("paginate", () => {
  it("asks for the largest documented page, and stops at the first short one", async () => {
    const log: object[] = [];
    const limit = operationIndex.getInvestmentsHistory.pagination.limitMaximum;
    const records = await walk(paginate("getInvestmentsHistory", { status: 1 }, pagesOf(2 * limit + 3, log)));
    expect(records).toHaveLength(2 * limit + 3);
    expect(log).toEqual([0, limit, 2 * limit].map((offset) => ({ status: 1, limit, offset })));
  });

  it("takes the caller's limit and offset, and asks once more after an exactly full last page", async () => {
    const log: object[] = [];
    expect(await walk(paginate("getInterestPaymentsHistory", { limit: 2, offset: 1 }, pagesOf(5, log)))).toEqual([1, 2, 3, 4]);
    expect(log.map((p) => (p as { offset: number }).offset)).toEqual([1, 3, 5]);
  });

  it("stops past the documented offset bound", async () => {
    const log: object[] = [];
    const { offsetMaximum, limitMaximum } = operationIndex.getInvestmentsHistory.pagination;
    await walk(paginate("getInvestmentsHistory", { offset: offsetMaximum - limitMaximum }, pagesOf(Number.MAX_SAFE_INTEGER, log)));
    expect(log.map((p) => (p as { offset: number }).offset)).toEqual([offsetMaximum - limitMaximum, offsetMaximum]);
  });

  it("refuses a limit below 1 before asking for anything", async () => {
    const log: object[] = [];
    await expect(walk(paginate("getInvestmentsHistory", { limit: 0 }, pagesOf(10, log)))).rejects.toThrow(RequestValidationError);
    expect(log).toEqual([]);
  });

  it("ends with an error when a page comes back at another offset (a server that does not page)", async () => {
    const stuck = async () => ({ offset: 0, records: Array.from({ length: 100 }, (_, i) => i) });
    await expect(walk(paginate("getInvestmentsHistory", undefined, stuck))).rejects.toThrow(/asked for at offset 100 came back with offset 0/);
  });

  it("names the paged operations when given another", async () => {
    await expect(walk(paginate("getMainBalance" as never, undefined, pagesOf(1, [])))).rejects.toThrow(TxcApiError);
    await expect(walk(paginate("getMainBalance" as never, undefined, pagesOf(1, [])))).rejects.toThrow(/is not paged: paginate takes getInvestmentsHistory, getInterestPaymentsHistory/);
  });
});
