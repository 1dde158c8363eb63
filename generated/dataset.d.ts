// Generated from openapi/ by scripts/dataset.mjs. Do not edit: run `npm run generate`.
import type { components } from "./schema.js";
import type { ValidateFunction } from "./validator-types.js";

/** A key of an account and its secret. */
export type ApiKey = {
    key: string;
    secret: string;
};

/** A deposit of an account: a canceled one can be refunded. */
export type Deposit = {
    transactionId: components["schemas"]["Uuid"];
    ticker: components["schemas"]["Ticker"];
    amount: components["schemas"]["Decimal"];
    /** @enum {string} */
    status: "canceled" | "completed";
};

/** A flexible plan the account holds. */
export type FlexPlan = {
    id: components["schemas"]["Uuid"];
    ticker: components["schemas"]["Ticker"];
    autoReinvest: boolean;
};

/** A mining account of the account, by its name, and where it pays out. */
export type MiningAccount = components["schemas"]["MiningPayoutDestination"] & {
    accountName: string;
};

/** An account, its keys and everything it holds. */
export type Account = {
    id: string;
    businessPartner: boolean;
    apiKeys: ApiKey[];
    balances: {
        [key: string]: components["schemas"]["Decimal"];
    };
    deposits: Deposit[];
    investments: components["schemas"]["Investment"][];
    interestPayments: components["schemas"]["InterestPayment"][];
    flexPlans: FlexPlan[];
    miningAccounts: MiningAccount[];
    fundingRecords: components["schemas"]["FundingRecord"][];
    subAccountApiKeys: string[];
};

/** A code that can be redeemed once, with its passphrase when it has one. */
export type Code = {
    code: string;
    passphrase?: string;
    ticker: components["schemas"]["Ticker"];
    amount: components["schemas"]["Decimal"];
};

/** Everything the sandbox serves. `--data FILE` replaces it with a JSON file of this shape. */
export type Dataset = {
    currencies: components["schemas"]["Ticker"][];
    /** @description Addresses that belong to the service itself: a refund to one of them is refused. */
    serviceAddresses: string[];
    codes: Code[];
    accounts: Account[];
};

/** Whether a value is a sandbox dataset of the right shape (`Dataset`). */
export declare const validateDataset: ValidateFunction;
