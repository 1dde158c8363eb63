// Generated from openapi/ by scripts/validators.mjs. Do not edit: run `npm run generate`.
import type { ValidateFunction } from "./validator-types.js";
/** One operation's validators, as its own module exports them. */
export type OperationValidators = { readonly request: ValidateFunction | null; readonly responses: Readonly<Record<string, ValidateFunction>> };
export declare const validatorLoaders: { readonly [Id in "ping" | "getInvestmentsHistory" | "getInterestPaymentsHistory" | "updateFlexAutoReinvestment" | "getMainBalance" | "applyCode" | "refundDeposit" | "getMiningPayoutDestination" | "getFundingHistory" | "resetSubAccountApiKey" | "depositCanceled"]: () => Promise<OperationValidators> };
