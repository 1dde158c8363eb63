// Every error class of the package. They sit below the client, the signing middleware and the
// webhook parser, which all throw them.
export { TxcError, TxcApiError, type ErrorCause } from "./base.js";
export { HttpError, BadRequestError, UnauthorizedError, ForbiddenError, NotFoundError, RateLimitError, ServerError, httpError } from "./http.js";
export { RequestValidationError, ContractViolationError, TimeoutError, RedirectError, ResponseTooLargeError, SetupError } from "./call.js";
export { NetworkError } from "./network.js";
export { OptionsError } from "./options.js";
export { WebhookError, WebhookPayloadError } from "./webhook.js";
