/** The defaults written once: a call's whole exchange, and the largest answer read. */
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
