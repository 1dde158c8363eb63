export { createClient, type ClientOptions, type TxcClient } from "./client/create-client.js";
export type { ExtraFields } from "./client/extra-fields.js";
export type { CallOptions, OperationId, Params, Result, RequestBody } from "./client/operation-types.js";
export {
  TxcApiError, RequestValidationError, HttpError, BadRequestError, UnauthorizedError, ForbiddenError, NotFoundError,
  RateLimitError, ServerError, ContractViolationError, TimeoutError, NetworkError, WebhookPayloadError, RedirectError,
  ResponseTooLargeError, SetupError,
} from "./client/errors.js";
export { RateLimiter } from "./client/rate-limiter.js";
export { defaultRetryOptions, type RetryOptions } from "./client/retry.js";
export { signRequest, API_KEY_HEADER, PAYLOAD_HEADER, SIGNATURE_HEADER, type SignedHeaders, type SignRequestInput } from "./signing/sign.js";
export { signingMiddleware, type SigningMiddlewareOptions } from "./signing/middleware.js";
export { timeNonce, type NonceSource } from "./signing/nonce.js";
export { parseDepositCanceled } from "./webhook.js";
// The runtime operation index; `operations` (from the generated types) is the schema type.
export { operations as operationIndex, servers } from "../generated/operations.js";
export type { ValidationIssue } from "./validation/issues.js";
export type * from "./types.js";
