// What the package exports that runs anywhere, a browser included: the types, the operation index,
// the error classes and the webhook parser. The entries for Node (index.ts) and for browsers
// (browser.ts) both carry it.
export type { ClientOptions, TxcClient } from "./client/create-client.js";
export type { HttpDispatcher } from "./transport/choose.js";
export type { ClientHooks } from "./client/hooks.js";
export type { AttemptEvent, RetryReason } from "./transport/attempt-event.js";
export type { ExtraFields } from "./client/extra-fields.js";
export type { CallOptions, OperationId, Params, ResponseBody, RequestBody } from "./client/operation-types.js";
export {
  TxcError, TxcApiError, RequestValidationError, HttpError, BadRequestError, UnauthorizedError, ForbiddenError, NotFoundError,
  RateLimitError, ServerError, ContractViolationError, TimeoutError, NetworkError, WebhookError, WebhookPayloadError, RedirectError,
  ResponseTooLargeError, SetupError, OptionsError,
} from "./errors/index.js";
export { defaultRetryOptions, type RetryOptions } from "./client/retry.js";
export { parseDepositCanceled } from "./webhook.js";
// The runtime operation index; `operations` (from the generated types) is the schema type.
export { operationIndex, servers } from "../generated/operations.js";
export type { ValidationIssue } from "./validation/issues.js";
export type * from "./types.js";
