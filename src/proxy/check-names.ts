import { ANSWER_ORACLES } from "../validation/answer-oracles.js";

/** The checks the kit's verification and validation make of a request: a violation of one carries the kit's documented answer. */
export const VERIFIED_REQUEST_CHECKS = ["signing-headers", "request-path", "nonce-order", "request-body", "signature"] as const;
/** The proxy's checks of a request: a documented operation, then what the kit's verification and validation find. */
export const REQUEST_CHECKS = ["documented-operation", ...VERIFIED_REQUEST_CHECKS] as const;

/**
 * The proxy's checks, as its reports name them: its checks of the request; the answer oracles the
 * contract tester judges its own answers with (validation/answer-oracles.ts), an oracle added there
 * judging live traffic too; the workflows' steps followed from exchange to exchange; a value of
 * a once-only operation succeeding twice; the documented limits; and an operation not implemented.
 */
export const PROXY_CHECKS = [...REQUEST_CHECKS, ...ANSWER_ORACLES.map((oracle) => oracle.name), "workflows", "once-only", "rate-limits", "implemented"] as const;
export type ProxyCheck = (typeof REQUEST_CHECKS)[number] | (typeof ANSWER_ORACLES)[number]["name"] | "workflows" | "once-only" | "rate-limits" | "implemented";
