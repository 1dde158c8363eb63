// Uses the generated types only: nothing of the package is loaded at run time.
import type { components, FixedPlan, FundingRecord, Investment, operations, paths } from "txc-api/types";

export const plan: FixedPlan = {
  id: "p1", ticker: "USDT", status: 4, percent: "12.5", duration: 43200, interestTicker: "USDT",
  interestRatio: "1", minInvestment: "100", maxInvestment: "100000", maxPossibleInvestment: "0",
};
export const investment: Investment = {
  id: "i1", plan, status: 2, created: 1, updated: 2, paymentTime: 3, amount: "1500", interestPaid: "15.06",
};
export const funding: FundingRecord = {
  market: "BTC_PERP", fundingTime: "1700006400", fundingRate: "-0.0001", fundingAmount: "-0.37",
  positionAmount: "-0.1", settlementPrice: "37250.5", rateCalculatedTime: "1700006340",
};
export type RefundBody = NonNullable<paths["/api/v4/main-account/refund-deposit"]["post"]["requestBody"]>["content"]["application/json"];
export const refund: RefundBody = { transaction_id: "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34", address: "T1", request: "/api/v4/main-account/refund-deposit", nonce: "1" };
export type Balance = components["schemas"]["MainBalance"];
export type PingAnswer = operations["ping"]["responses"][200]["content"]["application/json"];
