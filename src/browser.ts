// The package's entry in browser bundles (the "browser" export condition). The client signs with
// node:crypto and needs the API secret, which has no place in a page: createClient says so at
// once. What runs anywhere (portable.ts) is here as on Node.
import { SetupError } from "./errors/index.js";
import type { ClientOptions, TxcClient } from "./client/create-client.js";
import type { SignedHeaders, SignRequestInput } from "./signing/sign.js";
import type { SigningMiddleware, SigningMiddlewareOptions } from "./client/signing-middleware.js";

export * from "./portable.js";
// What runs in a page as it does on a server: the limiter, the header names, the nonce source.
export { RateLimiter } from "./rate-limits/limiter.js";
export { API_KEY_HEADER, PAYLOAD_HEADER, SIGNATURE_HEADER } from "./signing/headers.js";
export { timeNonce, type NonceSource } from "./signing/nonce.js";
export type { SignedHeaders, SignRequestInput, SigningMiddleware, SigningMiddlewareOptions };

const SERVER_SIDE_ONLY =
  "txc-api's client runs on servers only (Node 20+, Bun, Deno): it signs with the API secret, which must never reach a browser. " +
  "Call your own server from the page and let it call the API.";

export function createClient(_options: ClientOptions): TxcClient {
  throw new SetupError("createClient", SERVER_SIDE_ONLY);
}

/** Signing needs the API secret, which has no place in a page: the same answer as createClient. */
export function signRequest(_input: SignRequestInput): { body: string; headers: SignedHeaders } {
  throw new SetupError("signRequest", SERVER_SIDE_ONLY);
}

export function signingMiddleware(_options: SigningMiddlewareOptions): SigningMiddleware {
  throw new SetupError("signingMiddleware", SERVER_SIDE_ONLY);
}
