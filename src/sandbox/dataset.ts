import type { Dataset } from "../../generated/dataset.js";
import type { FixedPlan, FundingRecord, InterestPayment, Investment } from "../types.js";
import { demoKeys } from "./demo-keys.js";

export { demoKeys };

// One plan a line: a plan of each status, the fields in the order of the FixedPlan schema.
const plans: Record<string, FixedPlan> = {
  usdtActive: { id: "6f1e2d3c-4b5a-4978-8a6b-1c2d3e4f5a6b", ticker: "USDT", status: 1, percent: "12.5", duration: 43200, interestTicker: "USDT", interestRatio: "1", minInvestment: "100", maxInvestment: "100000", maxPossibleInvestment: "48250.75" },
  btcNoCoins: { id: "2a3b4c5d-6e7f-4809-9a1b-2c3d4e5f6a7b", ticker: "BTC", status: 2, percent: "4.2", duration: 20160, interestTicker: "USDT", interestRatio: "37250.5", minInvestment: "0.001", maxInvestment: "5", maxPossibleInvestment: "0" },
  ethInactive: { id: "9c8d7e6f-5a4b-4c3d-8e2f-1a0b9c8d7e6f", ticker: "ETH", status: 3, percent: "6", duration: 10080, interestTicker: "ETH", interestRatio: "1", minInvestment: "0.05", maxInvestment: "50", maxPossibleInvestment: "12.5" },
  usdcPaused: { id: "4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7c", ticker: "USDC", status: 4, percent: "9.75", duration: 129600, interestTicker: "USDC", interestRatio: "1", minInvestment: "50", maxInvestment: "25000", maxPossibleInvestment: "25000" },
};

const planCycle = [plans.usdtActive, plans.btcNoCoins, plans.ethInactive, plans.usdcPaused];
const amounts = ["1500", "0.25", "3.5", "750.5"];

/** 24 investments over the four plans, every third one closed. */
function investments(): Investment[] {
  return Array.from({ length: 24 }, (_, i) => {
    const plan = planCycle[i % 4];
    const created = 1690000000 + i * 86400;
    const closed = i % 3 === 2;
    return {
      id: `0d3b5c9a-6c2e-4f71-9a34-${String(i).padStart(12, "0")}`,
      plan,
      status: closed ? 2 : 1,
      created,
      updated: closed ? created + plan.duration * 60 : created,
      paymentTime: created + plan.duration * 60,
      amount: amounts[i % 4],
      interestPaid: closed ? "15.06" : "0",
    };
  });
}

function interestPayments(of: Investment[]): InterestPayment[] {
  return of.flatMap((investment, i) =>
    Array.from({ length: 1 + (i % 3) }, (_, n) => ({
      planId: investment.plan.id,
      investmentId: investment.id,
      amount: ["7.53", "0.00021", "1.125"][n],
      ticker: investment.plan.interestTicker,
      timestamp: investment.created + (n + 1) * 604800,
    })),
  );
}

/** Funding settlements every 8 hours on three markets: negative rates and short positions too. */
function fundingRecords(): FundingRecord[] {
  const markets = [
    { market: "BTC_PERP", price: "37250.5", position: "0.1" },
    { market: "ETH_PERP", price: "1990", position: "-1" },
    { market: "SOL_PERP", price: "58.42", position: "-25" },
  ];
  return Array.from({ length: 45 }, (_, i) => {
    const { market, price, position } = markets[i % 3];
    const time = 1700006400 - Math.floor(i / 3) * 28800;
    const rate = ["0.0001", "-0.00025", "0.00005", "-0.0001"][i % 4];
    return {
      market,
      fundingTime: String(time),
      fundingRate: rate,
      fundingAmount: (-Number(rate) * Number(position) * Number(price)).toFixed(8).replace(/\.?0+$/, ""),
      positionAmount: position,
      settlementPrice: price,
      rateCalculatedTime: String(time - 60),
    };
  });
}

const partnerInvestments = investments();

// Data, not code: an operation's data added here grows this value, not a function.
const BUILT_IN: Dataset = {
  currencies: ["BTC", "ETH", "USDT", "USDC", "SOL", "TRX"],
  serviceAddresses: ["TServiceHotWa11etAddre55000000001", "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh"],
  codes: [
    { code: "TXC-USDT-7F3K9Q2M8Z4W", passphrase: "blue-harbour-42", ticker: "USDT", amount: "25" },
    { code: "TXC-BTC-2H6N1V5X0C7B", ticker: "BTC", amount: "0.00012345" },
    { code: "TXC-ETH-9P4L2K7J5H3G", ticker: "ETH", amount: "0.5" },
    { code: "TXC-USDT-1A2B3C4D5E6F", ticker: "USDT", amount: "100.000001" },
    // Enough for two contract-test runs with --include-mutations (each spends three: the workflow's, the replay's, the race's).
    { code: "TXC-TRX-3M8N1B6V4C2X", ticker: "TRX", amount: "7" },
    { code: "TXC-SOL-5Q9W2E7R4T1Y", ticker: "SOL", amount: "0.25" },
    { code: "TXC-USDC-8U3I6O1P9A4S", ticker: "USDC", amount: "10" },
    { code: "TXC-BTC-4D7F2G9H1J6K", ticker: "BTC", amount: "0.0001" },
  ],
  accounts: [
    {
      id: "partner",
      businessPartner: true,
      apiKeys: [demoKeys.partner],
      balances: { BTC: "0.01532", ETH: "1.2", USDT: "2503.4175", USDC: "0" },
      deposits: [
        { transactionId: "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34", ticker: "USDT", amount: "150", status: "canceled" },
        { transactionId: "7c2e9a41-5b3d-4f6e-8a1c-0d9e8f7a6b5c", ticker: "BTC", amount: "0.002", status: "canceled" },
        { transactionId: "e1d2c3b4-a5f6-4789-8abc-def012345678", ticker: "ETH", amount: "0.3", status: "completed" },
      ],
      investments: partnerInvestments,
      interestPayments: interestPayments(partnerInvestments),
      flexPlans: [
        { id: "5c4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f", ticker: "USDT", autoReinvest: false },
        { id: "8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d", ticker: "BTC", autoReinvest: true },
      ],
      miningAccounts: [
        { accountName: "farm-east-01", payoutDestination: "main_balance", externalAddress: null },
        { accountName: "farm-west-02", payoutDestination: "external_address", externalAddress: "bc1qa5wkgaew2dkv56kfvj49j0av5nml45x9ek9hz6" },
      ],
      fundingRecords: fundingRecords(),
      subAccountApiKeys: ["4821", "4822"],
    },
    {
      id: "basic",
      businessPartner: false,
      apiKeys: [demoKeys.basic],
      balances: { USDT: "42.5", TRX: "1000" },
      deposits: [{ transactionId: "0f1e2d3c-4b5a-4697-8877-665544332211", ticker: "TRX", amount: "500", status: "canceled" }],
      investments: [],
      interestPayments: [],
      flexPlans: [{ id: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", ticker: "TRX", autoReinvest: false }],
      miningAccounts: [],
      fundingRecords: [],
      subAccountApiKeys: ["9001"],
    },
  ],
};

/** The built-in dataset: deterministic, so that docs and tests can name what is in it. A fresh copy each call. */
export const builtInDataset = (): Dataset => structuredClone(BUILT_IN);
