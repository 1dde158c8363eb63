// The workflow runner's reading of Arazzo criteria and runtime expressions (src/workflows), held
// to what Respect does with the same text: every condition of the package's workflows is read,
// and each kind of condition holds or not for the right reason.
import { describe, expect, it } from "vitest";
import { workflows } from "../../generated/workflows.js";
import { conditionProblem, unmetCriterion } from "../../src/workflows/criteria.js";
import { atPointer, evaluate, evaluatePayload } from "../../src/workflows/expressions.js";
import { extensionProblems } from "../../src/workflows/extensions.js";

const context = {
  inputs: { code: "C-1", limit: 2 },
  steps: { first: { outputs: { planId: "p-1", balances: { USDT: { main_balance: "10.5" } } } } },
  statusCode: 200,
  body: { id: "a/b", records: [{ planId: "p-1" }, { planId: "p-1" }], limit: 2, "we~ird": 1 },
};

describe("runtime expressions", () => {
  it("read inputs, step outputs, the status and the body by JSON Pointer; what they do not reach is undefined", () => {
    expect(evaluate("$inputs.code", context)).toBe("C-1");
    expect(evaluate("$steps.first.outputs.planId", context)).toBe("p-1");
    expect(evaluate("$steps.none.outputs.planId", context)).toBeUndefined();
    expect(evaluate("$statusCode", context)).toBe(200);
    expect(evaluate("$response.body#/records/1/planId", context)).toBe("p-1");
    expect(evaluate("$response.body#/records/2/planId", context)).toBeUndefined();
    expect(atPointer(context.body, "/we~0ird")).toBe(1);
    expect(evaluatePayload({ code: "$inputs.code", passphrase: "$inputs.passphrase", limit: 5 }, context)).toEqual({ code: "C-1", limit: 5 });
  });
});

describe("criteria", () => {
  it("reads every condition of the package's workflows", () => {
    const conditions = workflows.flatMap((workflow) => workflow.steps.flatMap((step) => [...(step.successCriteria ?? []), ...(step.onSuccess ?? []).flatMap((action) => action.criteria ?? [])]));
    expect(conditions.length).toBeGreaterThan(10);
    expect(conditions.filter((criterion) => (criterion.type ?? "simple") === "simple").map((criterion) => conditionProblem(criterion.condition)).filter(Boolean)).toEqual([]);
  });

  it("a simple condition compares values, with && || ! and parentheses, and says what it read when it does not hold", () => {
    expect(unmetCriterion({ condition: "$statusCode == 200" }, context)).toBeUndefined();
    expect(unmetCriterion({ condition: "$statusCode >= 400 && $statusCode < 500 && $statusCode != 429" }, context)).toEqual({ condition: "$statusCode >= 400 && $statusCode < 500 && $statusCode != 429", read: "$statusCode is 200" });
    expect(unmetCriterion({ condition: "!($statusCode == 404) || $inputs.code == 'nope'" }, context)).toBeUndefined();
    expect(unmetCriterion({ condition: "$response.body#/id == $inputs.code" }, context)?.read).toBe('$response.body#/id is "a/b", $inputs.code is "C-1"');
    // A number is never equal to the same digits in a string: no JavaScript coercion.
    expect(unmetCriterion({ condition: "$inputs.limit == '2'" }, context)).toBeDefined();
    expect(unmetCriterion({ condition: "$response.body#/missing != 'x'" }, context)).toBeUndefined();
  });

  it("a condition that cannot be read fails, saying why, and is never run as code", () => {
    expect(unmetCriterion({ condition: "$statusCode == " }, context)?.read).toMatch(/cannot be evaluated: a value is missing at the end/);
    expect(unmetCriterion({ condition: "process.exit(1)" }, context)?.read).toMatch(/cannot be evaluated/);
    expect(conditionProblem("($statusCode == 200")).toBe("a ( is not closed");
  });

  it("a JSONPath condition runs over its context wrapped in an array, with runtime expressions embedded as {$...}", () => {
    expect(unmetCriterion({ context: "$response.body", type: "jsonpath", condition: "$[?length(@.records) <= @.limit]" }, context)).toBeUndefined();
    const everyRecordOfThePlan = "$[?count(@.records[?@.planId != {$steps.first.outputs.planId}]) == 0]";
    expect(unmetCriterion({ context: "$response.body", type: "jsonpath", condition: everyRecordOfThePlan }, context)).toBeUndefined();
    const other = { ...context, body: { ...context.body, records: [{ planId: "p-1" }, { planId: "p-2" }] } };
    expect(unmetCriterion({ context: "$response.body", type: "jsonpath", condition: everyRecordOfThePlan }, other)).toEqual({ condition: everyRecordOfThePlan, read: '$steps.first.outputs.planId is "p-1"' });
  });
});

describe("x-txc-credited", () => {
  const credited = (ticker: string, amount: unknown, after: unknown) => extensionProblems(
    { stepId: "balanceAfter", operationId: "getMainBalance", "x-txc-credited": { before: "$steps.first.outputs.balances", after: "$response.body", ticker: "$inputs.ticker", amount: "$inputs.amount" } },
    { ...context, inputs: { ticker, amount }, body: after },
  );

  it("holds when the ticker's balance went up by exactly the amount, in decimals; a ticker absent before had 0", () => {
    expect(credited("USDT", "0.1", { USDT: { main_balance: "10.6" } })).toEqual([]);
    expect(credited("USDT", "0.1", { USDT: { main_balance: "10.60000001" } })).toEqual(["x-txc-credited: the USDT balance is 10.60000001, not 10.5 + 0.1 = 10.6"]);
    expect(credited("TRX", "7", { TRX: { main_balance: "7" } })).toEqual([]);
    expect(credited("TRX", "7", {})).toEqual(["x-txc-credited: the TRX balance after is not a decimal main_balance (absent)"]);
    expect(credited("USDT", 2, { USDT: { main_balance: "12.5" } })).toEqual(["x-txc-credited: the amount credited is not a decimal (2)"]);
  });
});
