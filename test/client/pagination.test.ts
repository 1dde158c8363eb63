// Pagination walks limit/offset within the documented bounds and stops on a short page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, operationIndex as operations } from "../../src/index.js";
import { startVerifyingServer, type Received, type VerifyingServer } from "../helpers/verifying-server.js";

const apiKey = "paging-key";
const apiSecret = "paging-secret";
let server: VerifyingServer;
let total = 0;

const payment = (i: number) => ({ planId: "p", investmentId: `i${i}`, amount: "1", ticker: "USDT", timestamp: 1700000000 + i });
const funding = (i: number) => ({
  market: "BTC_PERP", fundingTime: String(1700000000 + i), fundingRate: "-0.0001", fundingAmount: "-0.1", positionAmount: "-1",
  settlementPrice: "37000", rateCalculatedTime: String(1700000000 + i),
});

const plan = {
  id: "plan-1", ticker: "USDT", status: 1, percent: "12.5", duration: 43200, interestTicker: "USDT", interestRatio: "1",
  minInvestment: "100", maxInvestment: "100000", maxPossibleInvestment: "48250.75",
};
const investment = (i: number) => ({
  id: `inv${i}`, plan, status: 1, created: 1699990000, updated: 1699990000, paymentTime: 1702582000, amount: "100", interestPaid: "0",
});
const makers: Record<string, (i: number) => unknown> = {
  "/api/v4/main-account/smart/investments": investment,
  "/api/v4/main-account/smart/interest-payment-history": payment,
  "/api/v4/collateral-account/funding-history": funding,
};

/** Serves `total` records (or an endless history when total is Infinity) by limit and offset. */
function servePages({ body, path }: Received) {
  const limit = body.limit ?? 100;
  const offset = body.offset ?? 0;
  const count = Math.max(0, Math.min(limit, total - offset));
  return { status: 200, body: { offset, limit, records: Array.from({ length: count }, (_, i) => makers[path](offset + i)) } };
}

beforeAll(async () => {
  server = await startVerifyingServer({ [apiKey]: apiSecret }, servePages);
});
afterAll(() => server?.close());

const client = () => createClient({ baseUrl: server.baseUrl, apiKey, apiSecret });
async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}
const pagesRequested = (start: number) => server.received.slice(start).map((r) => [r.body.limit, r.body.offset]);

describe("paginate", () => {
  it("walks the interest payments 100 at a time and stops on the short page", async () => {
    total = 250;
    const start = server.received.length;
    const records = await collect(client().paginate("getInterestPaymentsHistory", { ticker: "USDT" }));
    expect(records.map((r) => r.investmentId)).toEqual(Array.from({ length: 250 }, (_, i) => `i${i}`));
    expect(pagesRequested(start)).toEqual([[100, 0], [100, 100], [100, 200]]);
    expect(server.received.slice(start).every((r) => r.body.ticker === "USDT" && r.signatureProblem === null)).toBe(true);
  });

  it("asks once more when the last page is exactly full", async () => {
    total = 200;
    const start = server.received.length;
    const records = await collect(client().paginate("getInvestmentsHistory", { status: 1 }));
    expect(records.map((r) => r.id)).toEqual(Array.from({ length: 200 }, (_, i) => `inv${i}`));
    expect(pagesRequested(start)).toEqual([[100, 0], [100, 100], [100, 200]]);
  });

  it("never asks past the documented offset bound", async () => {
    total = Infinity;
    const start = server.received.length;
    const records = await collect(client().paginate("getInterestPaymentsHistory"));
    const maximum = operations.getInterestPaymentsHistory.pagination.offsetMaximum;
    expect(maximum).toBe(10000);
    expect(records).toHaveLength(maximum + 100);
    expect(pagesRequested(start).at(-1)).toEqual([100, maximum]);
  });

  it("keeps the caller's limit and starting offset", async () => {
    total = 95;
    const start = server.received.length;
    expect(await collect(client().paginate("getFundingHistory", { market: "BTC_PERP", limit: 40, offset: 10 }))).toHaveLength(85);
    expect(pagesRequested(start)).toEqual([[40, 10], [40, 50], [40, 90]]);
  });

  it("pages the funding history, whose bounds the document leaves open, by its default limit", async () => {
    total = 150;
    const start = server.received.length;
    expect(await collect(client().paginate("getFundingHistory"))).toHaveLength(150);
    expect(pagesRequested(start)).toEqual([[100, 0], [100, 100]]);
  });
});
