// The tester's verdicts as pure functions: a case and an observed answer in, the problems out.
import { describe, expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import type { Case } from "../../src/contract/case.js";
import { judge } from "../../src/contract/verdict.js";
import type { Observation } from "../../src/contract/case.js";
import { observed as observedAnswer } from "../helpers/observation.js";

const balancePath = operationIndex.getMainBalance.path;
const refundPath = operationIndex.refundDeposit.path;

const observed = (status: number, body: unknown, extra: Partial<Observation> = {}) =>
  observedAnswer(status, body, { url: `http://127.0.0.1:1${balancePath}`, cacheControl: "", ...extra });

const positive: Case = { operationId: "getMainBalance", check: "positive", name: "example", method: "POST", path: balancePath, fields: { ticker: "BTC" }, expect: { kind: "accepted" }, realValues: "documented" };
const generatedRefund: Case = { operationId: "refundDeposit", check: "positive", name: "generated", method: "POST", path: refundPath, fields: { transaction_id: "x", address: "y" }, expect: { kind: "accepted" } };
const negative: Case = { operationId: "getInvestmentsHistory", check: "negative", name: "limit above its maximum", method: "POST", path: operationIndex.getInvestmentsHistory.path, fields: { limit: 101 }, expect: { kind: "rejected", errorKey: "limit" } };
const kinds = (c: Case, o: Observation) => judge(c, o).problems.map((p) => p.kind);

describe("judge", () => {
  it("passes a documented example answered 200 with a valid body, and builds no reproduction", () => {
    const result = judge(positive, observed(200, { BTC: { main_balance: "1" } }));
    expect(result).toMatchObject({ passed: true, curl: "", status: 200 });
  });

  it("fails a body that breaks the 200 schema, naming the field", () => {
    const result = judge(positive, observed(200, { BTC: { main_balance: 1 } }));
    expect(result.passed).toBe(false);
    expect(result.problems[0]).toMatchObject({ kind: "schema" });
    expect(result.problems[0].message).toContain("main_balance");
    expect(result.curl).toMatch(/^BODY=/);
  });

  it("fails a documented example of a read-only operation refused with a documented 400", () => {
    expect(kinds(positive, observed(400, { code: 0, message: "no", errors: { ticker: ["unknown"] } }))).toContain("refused-valid");
  });

  it("lets a generated request be refused with a documented 4xx keyed by its own field, and reports a key of another spelling as drift", () => {
    expect(kinds(generatedRefund, observed(400, { code: 0, message: "no", errors: { transaction_id: ["unknown"] } }))).toEqual([]);
    const drift = judge(generatedRefund, observed(400, { code: 0, message: "no", errors: { transactionId: ["unknown"] } }));
    expect(drift.problems).toEqual([{ kind: "drift", message: "the server asks for transactionId; the document has transaction_id" }]);
  });

  it("fails an undocumented status, a body that is not JSON and a cacheable private answer", () => {
    expect(kinds(positive, observed(418, { message: "teapot" }))).toContain("undocumented-status");
    expect(kinds(positive, observed(200, "<html>"))).toContain("not-json");
    expect(kinds(positive, observed(200, { BTC: { main_balance: "1" } }, { cacheControl: "public, max-age=60" }))).toEqual(["cacheable"]);
  });

  it("wants a negative case rejected as invalid, with the documented error key", () => {
    expect(kinds(negative, observed(400, { code: 0, message: "bad", errors: { limit: ["too big"] } }))).toEqual([]);
    expect(kinds(negative, observed(400, { code: 0, message: "bad", errors: { offset: ["?"] } }))).toEqual(["error-key"]);
    expect(kinds(negative, observed(200, { limit: 101, offset: 0, records: [] }))).toContain("not-rejected");
    expect(kinds(negative, observed(401, { code: 0, message: "auth", errors: {} }))).toContain("not-rejected");
  });

  it("reports an answer that was not read as a transport problem alone", () => {
    expect(judge(positive, observed(302, "", { transportProblem: "a redirect to elsewhere, not followed" })).problems).toEqual([
      { kind: "transport", message: "a redirect to elsewhere, not followed" },
    ]);
  });
});
