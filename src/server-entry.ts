// txc-api/server: build the API from the document, with the rules the sandbox keeps: routing, the
// signature and nonce checks on the raw bytes, validation, the partner-only 403, the documented
// rate limits and error bodies, and handlers typed from the document. Server-side, Node 20+.
export { createApiHandler, ApiHandlerSetupError, type ApiHandlerOptions } from "./server/create-api-handler.js";
export type { ApiHandler, ApiAnswer, ReadRequest, HeadersInput } from "./server/api-handler-types.js";
export {
  notImplemented, type Handlers, type OperationHandler, type PublicHandler, type HandlerContext, type HandlerAnswer, type ErrorStatus, type ApiRequest,
  type NotImplemented,
} from "./server/handler-types.js";
export { ApiError, apiError, invalidField } from "./server/api-error.js";
export {
  verifySignedRequest, type VerifyResult, type Verified, type VerifyRefusal, type VerifyReason, type VerifyOptions, type SignedRequestInput, type KeyLookup,
  type KeyRecord,
} from "./server/verify.js";
export { validateRequest, type RequestValidation, type HandledBody } from "./server/validate.js";
export { privateErrorBody, publicErrorBody, errorReply, type FieldErrors, type Reply } from "./server/error-bodies.js";
export { answerClientError } from "./server/client-errors.js";
export { memoryNonceStore, type NonceStore, type NonceResult, type NonceTaken, type NonceRefusal } from "./server/nonces.js";
export {
  memoryClaimStore, type ClaimStore, type ClaimOutcome, type ClaimSettlement, type HeldClaim, type SpentQuestion, type WasSpent,
} from "./server/claims.js";
export type { OncePer } from "./validation/once-per.js";
export { MemoryRateLimits, type Admission, type RateLimitStore } from "./server/rate-limit-store.js";
export type { ResponseValidation } from "./server/answer-check.js";
export type { ApiLogEntry, ApiLogger } from "./server/pipeline.js";
export type { PrivateOperationId, PublicOperationId } from "./server/routes.js";
export type { OperationId, RequestBody, ResponseBody } from "./client/operation-types.js";
export { redisStores, type RedisEval, type RedisPipeline, type RedisStoreOptions } from "./server/redis-stores.js";
export { postgresStores, ClaimTakenOverError, type PostgresQuery, type PostgresStoreOptions, type PostgresStores } from "./server/postgres-stores.js";
