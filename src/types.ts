// Friendly names for the generated types.
import type { components } from "../generated/schema.js";

export type { components, operations, paths, webhooks } from "../generated/schema.js";
type Schemas = components["schemas"];

export type Investment = Schemas["Investment"];
export type FixedPlan = Schemas["FixedPlan"];
export type InvestmentStatus = Schemas["InvestmentStatus"];
export type FixedPlanStatus = Schemas["FixedPlanStatus"];
export type InterestPayment = Schemas["InterestPayment"];
export type FundingRecord = Schemas["FundingRecord"];
export type MainBalance = Schemas["MainBalance"];
export type BalanceEntry = Schemas["BalanceEntry"];
export type CodeApplicationResult = Schemas["CodeApplicationResult"];
export type MiningPayoutDestination = Schemas["MiningPayoutDestination"];
export type RefundResult = Schemas["RefundResult"];
export type FlexAutoInvestResult = Schemas["FlexAutoInvestResult"];
export type SubAccountApiKeyResetResult = Schemas["SubAccountApiKeyResetResult"];
export type PrivateError = Schemas["PrivateError"];
export type PublicError = Schemas["PublicError"];
export type DepositCanceledEvent = Schemas["DepositCanceledEvent"];
export type Decimal = Schemas["Decimal"];
