export * from "./portable.js";
export { createClient } from "./client/create-client.js";
export { RateLimiter } from "./rate-limits/limiter.js";
export { signRequest, API_KEY_HEADER, PAYLOAD_HEADER, SIGNATURE_HEADER, type SignedHeaders, type SignRequestInput } from "./signing/sign.js";
export { signingMiddleware, type SigningMiddleware, type SigningMiddlewareOptions } from "./client/signing-middleware.js";
export { timeNonce, type NonceSource } from "./signing/nonce.js";
