// The tester's pure parts, imported directly: the registry, the plan, the tied answers, the
// verdicts and the grouping of failures. No process, no server.
import { describe, expect, it } from "vitest";
import type { Case } from "../../src/contract/case.js";
import { CHECK_NAMES, DEFAULT_CHECKS, OPT_IN_CHECKS, registry, type CheckName } from "../../src/contract/checks/registry.js";
import { tiedAnswerProblems } from "../../src/validation/tied-answers.js";
import { operationIds, operationIndex } from "../../generated/operations.js";
import { buildCases, planContext } from "../../src/contract/plan.js";
import { groupFailures } from "../../src/contract/report-text.js";
import { observed } from "../helpers/observation.js";
import { judge } from "../../src/contract/verdict.js";

const plan = (checks: CheckName[], more: Partial<Parameters<typeof planContext>[0]> = {}) =>
  planContext({ operations: operationIds, checks: new Set(checks), includeMutations: false, seed: 1, examplesPerOperation: 2, ...more });

const observation = (status: number, text: string, contentType = "application/json") => observed(status, text, { contentType });

describe("the registry", () => {
  it("names each check once, as its module does; rate-limits alone is opt-in", () => {
    expect(new Set(CHECK_NAMES).size).toBe(registry.length);
    for (const name of CHECK_NAMES) expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(OPT_IN_CHECKS).toEqual(["rate-limits"]);
    expect(DEFAULT_CHECKS).toEqual(CHECK_NAMES.filter((name) => name !== "rate-limits"));
    for (const check of registry) expect(check.description.length, check.name).toBeGreaterThan(20);
  });
});

describe("the plan", () => {
  it("has only the checks asked for, operation by operation, and no state-changing operation without --include-mutations", () => {
    const cases = buildCases(plan(["negative", "auth-headers"]));
    expect(new Set(cases.map((c) => c.check))).toEqual(new Set(["negative", "auth-headers"]));
    expect(cases.some((c) => c.operationId === "applyCode")).toBe(false);
    const order = cases.map((c) => c.operationId).filter((id, i, all) => id !== all[i - 1]);
    expect(new Set(order).size).toBe(order.length);
  });

  it("sends every enum value and both bounds once (coverage), and generated requests as generated", () => {
    const cases = buildCases(plan(["positive"])).filter((c) => c.operationId === "getInvestmentsHistory");
    const coverage = cases.filter((c) => c.name.endsWith("(coverage)")).map((c) => c.name);
    expect(coverage).toEqual(["status = 1 (coverage)", "status = 2 (coverage)", "limit = 1 (coverage)", "limit = 100 (coverage)", "offset = 0 (coverage)", "offset = 10000 (coverage)"]);
    expect(cases.filter((c) => c.generated)).toHaveLength(2);
  });

  it("public alone plans the unknown path and the ping; tied-answers alone, only the tied operations", () => {
    expect(buildCases(plan(["public"])).map((c) => c.operationId)).toEqual(["unknownPath", "ping"]);
    const tied = new Set(buildCases(plan(["tied-answers"])).map((c) => c.operationId));
    // The read-only operations the document ties an answer to its request for (x-tied-to-request).
    const documented = operationIds.filter((id) => operationIndex[id].tiedToRequest.length > 0 && !operationIndex[id].stateChanging);
    expect(tied, "planned against the document's tied read-only operations").toEqual(new Set(documented));
  });
});

describe("tied answers", () => {
  it("compare the refund id, the page's limit and offset (or their defaults) and records, the balance's keys", () => {
    const refund = { transaction_id: "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34" };
    expect(tiedAnswerProblems("refundDeposit", refund, { id: refund.transaction_id })).toEqual([]);
    expect(tiedAnswerProblems("refundDeposit", refund, { id: "other" })).toEqual(['the answer\'s id is "other", not the transaction_id of the request, "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34"']);
    expect(tiedAnswerProblems("getInvestmentsHistory", {}, { offset: 0, limit: 100, records: [] })).toEqual([]);
    expect(tiedAnswerProblems("getInvestmentsHistory", { limit: 1 }, { offset: 0, limit: 1, records: [1, 2] })).toEqual(["the answer holds 2 records, more than the limit of the request, 1"]);
    expect(tiedAnswerProblems("getMainBalance", { ticker: "BTC" }, { BTC: {}, ETH: {} })).toEqual(["asked for ticker \"BTC\", the answer also lists ETH"]);
  });

  it("compare nothing, and say so, where no tie applies to the request", () => {
    expect(tiedAnswerProblems("getMainBalance", {}, { BTC: {}, ETH: {} })).toBeUndefined();
    expect(tiedAnswerProblems("getMiningPayoutDestination", { accountName: "x" }, {})).toBeUndefined();
  });
});

describe("verdicts", () => {
  const unknownPath = buildCases(plan(["public"]))[0];

  it("a 404 that is not JSON fails with a not-json problem; one that is passes", () => {
    expect(judge(unknownPath, observation(404, "<h1>Not Found</h1>", "text/html")).problems).toEqual([{ kind: "not-json", message: "the body is not JSON (a 404 answer too must be JSON)" }]);
    expect(judge(unknownPath, observation(404, '{"success":false,"message":"x","params":[]}')).passed).toBe(true);
  });

  it("a refusal keyed by a field whose validity the schema alone decides fails; one keyed by a ticker passes", () => {
    const generated: Case = { ...buildCases(plan(["positive"])).find((c) => c.operationId === "getInvestmentsHistory" && c.generated)!, fields: { limit: 100, ticker: "NOPE" } };
    const byLimit = judge(generated, observation(400, '{"code":0,"message":"Validation failed","errors":{"limit":["no"]}}'));
    expect(byLimit.problems.map((p) => p.kind)).toEqual(["decided-value-refused"]);
    expect(judge(generated, observation(400, '{"code":0,"message":"Validation failed","errors":{"ticker":["no"]}}')).passed).toBe(true);
  });

  it("failures that differ only in their request are grouped", () => {
    const cases = buildCases(plan(["positive"])).filter((c) => c.operationId === "getMainBalance");
    const refused = cases.map((c) => judge({ ...c, realValues: "fixture" }, observation(500, '{"code":500,"message":"boom","errors":{}}')));
    const groups = groupFailures(refused);
    expect(groups).toHaveLength(1);
    expect(groups[0].count).toBe(refused.length);
  });
});
