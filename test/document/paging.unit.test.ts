// Paging is read from the document's x-paging, not from field names typed in the code: a paged
// operation under other names pages by them, and a name that is no field stops the build.
import { describe, expect, it } from "vitest";
import { operationIndex as indexOf } from "../../scripts/operations.mjs";
import { paginate } from "../../src/client/paginate.js";
import { operationIndex } from "../../generated/operations.js";

const json = (schema: object) => ({ content: { "application/json": { schema } } });
const documentWith = (paging: object) => ({
  paths: {
    "/api/v4/things": {
      post: {
        operationId: "listThings",
        "x-paging": paging,
        requestBody: json({ type: "object", properties: { skip: { type: "integer", maximum: 50 }, take: { type: "integer", default: 10, maximum: 20 } } }),
        responses: { 200: json({ type: "object", properties: { items: { type: "array" } } }) },
      },
    },
  },
});

describe("x-paging", () => {
  it("names the fields the index gives, with their bounds", () => {
    expect((indexOf(documentWith({ offset: "skip", limit: "take", records: "items" })) as Record<string, { pagination: unknown }>).listThings.pagination).toEqual({
      offsetField: "skip", limitField: "take", recordsField: "items", limitDefault: 10, limitMaximum: 20, offsetMaximum: 50,
    });
  });

  it("stops the build when a name is not a field of the request or the answer", () => {
    expect(() => indexOf(documentWith({ offset: "skip", limit: "take", records: "records" }))).toThrow(
      'listThings: x-paging.records names "records", which is not a field of its 200 answer',
    );
    expect(() => indexOf(documentWith({ offset: "offset", limit: "take", records: "items" }))).toThrow(/x-paging.offset names "offset", which is not a field of its request/);
  });

  it("is on the three paged operations of the API, and paginate reads their names from it", async () => {
    const paged = Object.entries(operationIndex).filter(([, op]) => op.pagination).map(([id]) => id);
    expect(paged).toEqual(["getInvestmentsHistory", "getInterestPaymentsHistory", "getFundingHistory"]);
    const asked: object[] = [];
    const pages = async (params: object) => {
      asked.push(params);
      return { offset: (params as { offset: number }).offset, limit: 100, records: asked.length === 1 ? Array(100).fill(0) : [1] };
    };
    let count = 0;
    for await (const _ of paginate("getFundingHistory", { ticker: "USDT" }, pages)) count++;
    expect(count).toBe(101);
    expect(asked).toEqual([{ ticker: "USDT", limit: 100, offset: 0 }, { ticker: "USDT", limit: 100, offset: 100 }]);
  });
});
