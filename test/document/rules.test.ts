// For every rule of the description, a value that breaks it is rejected by the generated validator,
// with an error that names the field; and where the description leaves a thing open, it stays open.
import type { ValidateFunction } from "../../generated/validator-types.js";
import { describe, expect, it } from "vitest";
import { validators } from "../../generated/validators.js";
import { contractFacts } from "../../generated/contract-facts.js";

const request = (operationId: keyof typeof validators) => validators[operationId].request as ValidateFunction;
const response = (operationId: keyof typeof validators, status: string) =>
  (validators[operationId].responses as Record<string, ValidateFunction>)[status];

const signed = (path: string) => ({ request: path, nonce: "1700000000123" });
const plan = {
  id: "6f1e2d3c-4b5a-4978-8a6b-1c2d3e4f5a6b", ticker: "USDT", status: 1, percent: "12.5", duration: 43200,
  interestTicker: "USDT", interestRatio: "1", minInvestment: "100", maxInvestment: "100000", maxPossibleInvestment: "48250.75",
};
const investment = {
  id: "0d3b5c9a", plan, status: 1, created: 1699990000, updated: 1699990000, paymentTime: 1702582000, amount: "1500", interestPaid: "0",
};
const page = (records: unknown[]) => ({ offset: 0, limit: 100, records });
const funding = {
  market: "BTC_PERP", fundingTime: "1700006400", fundingRate: "-0.0001", fundingAmount: "-0.37", positionAmount: "-0.1",
  settlementPrice: "37250.5", rateCalculatedTime: "1700006340",
};
const uuid = "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34";

// A valid body of each signed operation: its first documented example, signed.
const validBodies: Record<string, object> = Object.fromEntries(
  Object.entries(contractFacts).filter(([, facts]) => facts.requestSchema).map(([id, facts]) => [id, { ...signed("/x"), ...facts.requestExamples[0]?.fields }]),
);

type Rejection = [name: string, validate: ValidateFunction, value: unknown, instancePath: string, keyword: string];
const rejected: Rejection[] = [
  ["investments limit 0", request("getInvestmentsHistory"), { ...signed("/x"), limit: 0 }, "/limit", "minimum"],
  ["investments limit 101", request("getInvestmentsHistory"), { ...signed("/x"), limit: 101 }, "/limit", "maximum"],
  ["investments limit 1.5", request("getInvestmentsHistory"), { ...signed("/x"), limit: 1.5 }, "/limit", "type"],
  ["investments offset -1", request("getInvestmentsHistory"), { ...signed("/x"), offset: -1 }, "/offset", "minimum"],
  ["investments offset 10001", request("getInvestmentsHistory"), { ...signed("/x"), offset: 10001 }, "/offset", "maximum"],
  ["investments status 3", request("getInvestmentsHistory"), { ...signed("/x"), status: 3 }, "/status", "enum"],
  ["investments status '1'", request("getInvestmentsHistory"), { ...signed("/x"), status: "1" }, "/status", "type"],
  ["investments id as number", request("getInvestmentsHistory"), { ...signed("/x"), id: 7 }, "/id", "type"],
  ["investments without nonce", request("getInvestmentsHistory"), { request: "/x" }, "", "required"],
  ["investments without request", request("getInvestmentsHistory"), { nonce: "1" }, "", "required"],
  ["investments nonce as number", request("getInvestmentsHistory"), { request: "/x", nonce: 1 }, "/nonce", "type"],
  ["interest payments limit 0", request("getInterestPaymentsHistory"), { ...signed("/x"), limit: 0 }, "/limit", "minimum"],
  ["interest payments limit 101", request("getInterestPaymentsHistory"), { ...signed("/x"), limit: 101 }, "/limit", "maximum"],
  ["interest payments offset -1", request("getInterestPaymentsHistory"), { ...signed("/x"), offset: -1 }, "/offset", "minimum"],
  ["interest payments offset 10001", request("getInterestPaymentsHistory"), { ...signed("/x"), offset: 10001 }, "/offset", "maximum"],
  ["auto-invest non-UUID plan", request("updateFlexAutoReinvestment"), { ...signed("/x"), plan: "plan-1" }, "/plan", "format"],
  ["auto-invest without plan", request("updateFlexAutoReinvestment"), { ...signed("/x"), enabled: true }, "", "required"],
  ["auto-invest enabled as string", request("updateFlexAutoReinvestment"), { ...signed("/x"), plan: uuid, enabled: "true" }, "/enabled", "type"],
  ["balance ticker as number", request("getMainBalance"), { ...signed("/x"), ticker: 1 }, "/ticker", "type"],
  ["refund non-UUID transaction_id", request("refundDeposit"), { ...signed("/x"), transaction_id: "12345", address: "T1" }, "/transaction_id", "format"],
  ["refund without transaction_id", request("refundDeposit"), { ...signed("/x"), address: "T1" }, "", "required"],
  ["refund without address", request("refundDeposit"), { ...signed("/x"), transaction_id: uuid }, "", "required"],
  ["refund without nonce", request("refundDeposit"), { request: "/x", transaction_id: uuid, address: "T1" }, "", "required"],
  ["apply code without request", request("applyCode"), { nonce: "1", code: "C" }, "", "required"],
  ["reset without apiKeyId", request("resetSubAccountApiKey"), {}, "", "required"],
  ["funding limit as string", request("getFundingHistory"), { limit: "10" }, "/limit", "type"],
  ["code amount as a number", response("applyCode", "200"), { message: "ok", ticker: "USDT", amount: 25, external_id: uuid }, "/amount", "type"],
  ["code amount not a decimal", response("applyCode", "200"), { message: "ok", ticker: "USDT", amount: "25 USDT", external_id: uuid }, "/amount", "pattern"],
  ["code external_id not a UUID", response("applyCode", "200"), { message: "ok", ticker: "USDT", amount: "25", external_id: "op-1" }, "/external_id", "format"],
  ["code result without ticker", response("applyCode", "200"), { message: "ok", amount: "25", external_id: uuid }, "", "required"],
  ["investment amount as a number", response("getInvestmentsHistory", "200"), page([{ ...investment, amount: 1500 }]), "/records/0/amount", "type"],
  ["investment status 3", response("getInvestmentsHistory", "200"), page([{ ...investment, status: 3 }]), "/records/0/status", "enum"],
  ["investment created as a string", response("getInvestmentsHistory", "200"), page([{ ...investment, created: "1699990000" }]), "/records/0/created", "type"],
  ["investment without interestPaid", response("getInvestmentsHistory", "200"), page([{ ...investment, interestPaid: undefined }]), "/records/0", "required"],
  ["nested FixedPlan status 5", response("getInvestmentsHistory", "200"), page([{ ...investment, plan: { ...plan, status: 5 } }]), "/records/0/plan/status", "enum"],
  ["nested FixedPlan duration as a string", response("getInvestmentsHistory", "200"), page([{ ...investment, plan: { ...plan, duration: "43200" } }]), "/records/0/plan/duration", "type"],
  ["nested FixedPlan percent as a number", response("getInvestmentsHistory", "200"), page([{ ...investment, plan: { ...plan, percent: 12.5 } }]), "/records/0/plan/percent", "type"],
  ["nested FixedPlan without maxPossibleInvestment", response("getInvestmentsHistory", "200"), page([{ ...investment, plan: { ...plan, maxPossibleInvestment: undefined } }]), "/records/0/plan", "required"],
  ["investments page without records", response("getInvestmentsHistory", "200"), { offset: 0, limit: 100 }, "", "required"],
  ["interest payment timestamp as a string", response("getInterestPaymentsHistory", "200"), page([{ planId: "p", investmentId: "i", amount: "1", ticker: "USDT", timestamp: "1" }]), "/records/0/timestamp", "type"],
  ["funding time as an integer", response("getFundingHistory", "200"), page([{ ...funding, fundingTime: 1700006400 }]), "/records/0/fundingTime", "type"],
  ["funding rate not a decimal", response("getFundingHistory", "200"), page([{ ...funding, fundingRate: "1e-4" }]), "/records/0/fundingRate", "pattern"],
  ["funding record without settlementPrice", response("getFundingHistory", "200"), page([{ ...funding, settlementPrice: undefined }]), "/records/0", "required"],
  ["balance as a number", response("getMainBalance", "200"), { BTC: { main_balance: 0.5 } }, "/BTC/main_balance", "type"],
  ["balance entry without main_balance", response("getMainBalance", "200"), { BTC: {} }, "/BTC", "required"],
  ["payout externalAddress as a number", response("getMiningPayoutDestination", "200"), { payoutDestination: "main_balance", externalAddress: 5 }, "/externalAddress", "type"],
  ["payout without externalAddress", response("getMiningPayoutDestination", "200"), { payoutDestination: "main_balance" }, "", "required"],
  ["refund result id not a UUID", response("refundDeposit", "200"), { id: "42" }, "/id", "format"],
  ["auto-invest result data not an array", response("updateFlexAutoReinvestment", "200"), { data: {} }, "/data", "type"],
  ["ping answering ping", response("ping", "200"), ["ping"], "/0", "const"],
  ["ping answering two elements", response("ping", "200"), ["pong", "pong"], "", "maxItems"],
  ["private error code as a string", response("getInvestmentsHistory", "400"), { code: "0", message: "Validation failed", errors: {} }, "/code", "type"],
  ["private error messages not an array", response("getInvestmentsHistory", "400"), { code: 0, message: "Validation failed", errors: { id: "bad" } }, "/errors/id", "type"],
  ["public error success true", response("ping", "429"), { success: true, message: "slow down", params: [] }, "/success", "const"],
  ["webhook without uniqueId", request("depositCanceled"), { status: "canceled" }, "", "required"],
  ["webhook uniqueId not a UUID", request("depositCanceled"), { uniqueId: "42" }, "/uniqueId", "format"],
];

type Acceptance = [name: string, validate: ValidateFunction, value: unknown];
const accepted: Acceptance[] = [
  // The description never refuses a field it does not list; ccxt and the exchange's SDK add nonceWindow.
  ...(Object.keys(validators) as (keyof typeof validators)[])
    .filter((id) => id !== "ping" && id !== "depositCanceled")
    .map((id): Acceptance => [`${id} with an unlisted field nonceWindow`, request(id), { ...validBodies[id], nonceWindow: false }]),
  ["investments limit 1 and offset 0", request("getInvestmentsHistory"), { ...signed("/x"), limit: 1, offset: 0 }],
  ["investments limit 100 and offset 10000", request("getInvestmentsHistory"), { ...signed("/x"), limit: 100, offset: 10000, status: 2 }],
  ["funding history limit and offset beyond 100 and 10000 (bounds not shown)", request("getFundingHistory"), { limit: 1000, offset: 50000 }],
  ["funding history without request and nonce", request("getFundingHistory"), { market: "ETH_PERP" }],
  ["apply code with neither code nor passphrase (required flags not shown)", request("applyCode"), signed("/x")],
  ["mining without request and nonce (not shown)", request("getMiningPayoutDestination"), { accountName: "farm" }],
  ["reset without request and nonce (not shown)", request("resetSubAccountApiKey"), { apiKeyId: "1" }],
  ["auto-invest without enabled (defaults to false)", request("updateFlexAutoReinvestment"), { ...signed("/x"), plan: uuid }],
  ["an empty balance (zero balances omitted)", response("getMainBalance", "200"), {}],
  ["negative funding values", response("getFundingHistory", "200"), page([funding])],
  ["a payout destination other than main_balance (set not shown)", response("getMiningPayoutDestination", "200"), { payoutDestination: "external", externalAddress: "bc1q" }],
  ["a null externalAddress", response("getMiningPayoutDestination", "200"), { payoutDestination: "main_balance", externalAddress: null }],
  ["auto-invest data of any element type (not shown)", response("updateFlexAutoReinvestment", "200"), { data: [{ any: 1 }, "x"] }],
  ["a reset result with key material (not shown whether returned)", response("resetSubAccountApiKey", "200"), { apiKey: "k" }],
  ["a webhook payload with more fields (not shown)", request("depositCanceled"), { uniqueId: uuid, ticker: "USDT" }],
  ["the mining account error at any 4xx status", response("getMiningPayoutDestination", "4XX"), { code: 0, message: "Validation failed", errors: { user: ["Mining account not found."] } }],
];

describe("rules of the description", () => {
  it.each(rejected)("rejects %s", (_name, validate, value, instancePath, keyword) => {
    expect(validate(value)).toBe(false);
    expect(validate.errors).toEqual(expect.arrayContaining([expect.objectContaining({ instancePath, keyword })]));
  });

  it.each([
    ["investments limit 101", "getInvestmentsHistory", { limit: 101 }, "/limit"],
    ["investments status 3", "getInvestmentsHistory", { status: 3 }, "/status"],
    ["auto-invest non-UUID plan", "updateFlexAutoReinvestment", { plan: "plan-1" }, "/plan"],
  ] as const)("still rejects %s when an unlisted field comes with it", (_name, id, change, instancePath) => {
    const validate = request(id);
    expect(validate({ ...validBodies[id], ...change, nonceWindow: true })).toBe(false);
    expect(validate.errors).toEqual([expect.objectContaining({ instancePath })]);
  });

  it.each(accepted)("accepts %s", (_name, validate, value) => {
    expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
  });
});
