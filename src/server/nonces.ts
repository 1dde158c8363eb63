// The nonce rule the description leaves open ("acceptance window, scope of uniqueness: not
// shown"), as a store a server can replace. The default is the sandbox's pick.
import { NONCE_FIELD } from "../signing/body.js";

/** Why a nonce was refused. */
export type NonceRefusal = { accepted: false; reason: "nonce-format" | "nonce-reused"; message: string };
/**
 * A nonce taken: `release` gives it back when the request is then refused (every refusal leaves
 * the nonce free, so that a client may send it again with a corrected body).
 */
export type NonceTaken = { accepted: true; release(): void | Promise<void> };
export type NonceResult = NonceTaken | NonceRefusal;

/**
 * Where the nonces accepted for each API key are kept. `checkAndRecord` must be atomic: two
 * requests with the same nonce, at the same time, on any process sharing the store, never both
 * accepted. A store that cannot answer (its database is away) throws: the request is answered
 * 500, never accepted unchecked.
 */
export interface NonceStore {
  checkAndRecord(apiKey: string, nonce: string): NonceResult | PromiseLike<NonceResult>;
}

/** The default rule's format: a string of digits, such as Unix time in milliseconds. */
export const NONCE_DIGITS = /^\d{1,30}$/;

export const nonceFormatRefusal: NonceRefusal = {
  accepted: false,
  reason: "nonce-format",
  message: `The ${NONCE_FIELD} must be a string of digits, such as Unix time in milliseconds.`,
};
export const nonceReusedRefusal = (last: bigint | string): NonceRefusal => ({
  accepted: false,
  reason: "nonce-reused",
  message: `The nonce must be greater than the last one accepted for this key (${last}).`,
});

/**
 * The order of digit nonces, per key: one of digits (NONCE_DIGITS) must be greater than the last
 * taken for its key. `take` answers the refusal, or the function that gives the nonce back (only
 * while it is still the last: a later nonce taken meanwhile stays).
 */
export function digitNonceOrder() {
  const last = new Map<string, bigint>();
  return {
    take(apiKey: string, nonceText: string): NonceRefusal | (() => void) {
      const nonce = BigInt(nonceText);
      const previous = last.get(apiKey);
      if (previous !== undefined && nonce <= previous) return nonceReusedRefusal(previous);
      last.set(apiKey, nonce);
      return () => {
        if (last.get(apiKey) !== nonce) return;
        if (previous === undefined) last.delete(apiKey);
        else last.set(apiKey, previous);
      };
    },
  };
}

/**
 * The default store, in this process's memory: a nonce is a string of digits greater than the last
 * one accepted for the key. One process only: behind a balancer, use a shared store
 * (`redisStores`), or a request replayed to the other process is accepted.
 */
export function memoryNonceStore(): NonceStore {
  const order = digitNonceOrder();
  return {
    checkAndRecord(apiKey, nonceText) {
      if (!NONCE_DIGITS.test(nonceText)) return nonceFormatRefusal;
      const taken = order.take(apiKey, nonceText);
      return typeof taken === "function" ? { accepted: true, release: taken } : taken;
    },
  };
}
