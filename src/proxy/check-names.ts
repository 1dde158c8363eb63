/** The proxy's checks, as its reports name them. */
export const PROXY_CHECKS = ["documented-operation", "signing-headers", "request-path", "nonce-order", "request-body", "signature", "status", "answer", "tied-answers", "rate-limits", "implemented"] as const;
export type ProxyCheck = (typeof PROXY_CHECKS)[number];
