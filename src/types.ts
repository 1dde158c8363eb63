// Friendly names for the generated types.
import type { components, paths } from "../generated/schema.js";
import type { SigningField } from "./signing/signing-fields.js";

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

/**
 * A request body without the signing fields, for a client whose signer sets them: giving one
 * (`nonce: "5"`) is a type error, as it is refused at run time.
 */
type WithoutSigningFields<Body> = Body extends Record<SigningField, unknown>
  ? Omit<Body, SigningField> & { [Field in SigningField]?: never }
  : Body;

type SignedOperation<Operation> = Operation extends { requestBody: { content: { "application/json": infer Body } } }
  ? Omit<Operation, "requestBody"> & { requestBody: { content: { "application/json": WithoutSigningFields<Body> } } }
  : Operation;

/**
 * `paths` as openapi-fetch sees it behind `signingMiddleware` (and `createSignedFetchClient`):
 * every body without `request` and `nonce`, which the signer sets. `createClient<SignedPaths>(...)`
 * then needs no casts.
 */
export type SignedPaths = { [Path in keyof paths]: { [Method in keyof paths[Path]]: SignedOperation<paths[Path][Method]> } };
