// The package's entry in browser bundles (the "browser" export condition). The client signs with
// node:crypto and needs the API secret, which has no place in a page: createClient says so at
// once. The types, the operation index, the error classes and the webhook parser work anywhere.
import { SetupError } from "./client/errors.js";
import type { ClientOptions, TxcClient } from "./client/create-client.js";

export type { ClientOptions, TxcClient } from "./client/create-client.js";
export type { ExtraFields } from "./client/extra-fields.js";
export type { CallOptions, OperationId, Params, Result, RequestBody } from "./client/operation-types.js";
export {
  TxcApiError, RequestValidationError, HttpError, BadRequestError, UnauthorizedError, ForbiddenError, NotFoundError,
  RateLimitError, ServerError, ContractViolationError, TimeoutError, NetworkError, WebhookPayloadError, RedirectError,
  ResponseTooLargeError, SetupError,
} from "./client/errors.js";
export { defaultRetryOptions, type RetryOptions } from "./client/retry.js";
export { parseDepositCanceled } from "./webhook.js";
export { operations as operationIndex, servers } from "../generated/operations.js";
export type { ValidationIssue } from "./validation/issues.js";
export type * from "./types.js";

const SERVER_SIDE_ONLY =
  "txc-api's client runs on servers only (Node 20+, Bun, Deno): it signs with the API secret, which must never reach a browser. " +
  "Call your own server from the page and let it call the API.";

export function createClient(_options: ClientOptions): TxcClient {
  throw new SetupError("createClient", SERVER_SIDE_ONLY);
}
