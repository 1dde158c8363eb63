// Generated from openapi/ by scripts/validators.mjs. Do not edit: run `npm run generate`.
import type { ValidateFunction } from "../validator-types.js";
export type { ValidateFunction, ValidationError } from "../validator-types.js";
import type { components, operations } from "../schema.js";

/** The JSON body of a request body or response object of the generated types. */
type JsonBody<T> = T extends { content: { "application/json": infer Body } } ? Body : unknown;

export declare const request: ValidateFunction<JsonBody<NonNullable<operations["refundDeposit"]["requestBody"]>>>;
export declare const responses: { readonly "200": ValidateFunction<JsonBody<operations["refundDeposit"]["responses"]["200"]>>; readonly "400": ValidateFunction<JsonBody<operations["refundDeposit"]["responses"]["400"]>>; readonly "401": ValidateFunction<JsonBody<operations["refundDeposit"]["responses"]["401"]>>; readonly "403": ValidateFunction<JsonBody<operations["refundDeposit"]["responses"]["403"]>>; readonly "404": ValidateFunction<JsonBody<operations["refundDeposit"]["responses"]["404"]>>; readonly "429": ValidateFunction<JsonBody<operations["refundDeposit"]["responses"]["429"]>>; readonly "500": ValidateFunction<JsonBody<operations["refundDeposit"]["responses"]["500"]>> };
