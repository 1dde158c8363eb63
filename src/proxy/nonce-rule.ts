import { digitNonceOrder, NONCE_DIGITS, type NonceStore } from "../server/nonces.js";

/** Nonces of other characters remembered per key for the uniqueness check; the oldest are forgotten past it. */
const REMEMBERED = 10_000;

/**
 * What the proxy holds nonces to: only what the description says ("a string that is unique per
 * request"), not the sandbox's pick. A nonce of digits (NONCE_DIGITS, the kit's format) must be
 * greater than the last of digits seen for its key (the order the advised Unix-time nonce
 * implies); any other string must not have been seen for the key. It observes: nothing is given back.
 */
export function observedNonceRule(): NonceStore {
  const order = digitNonceOrder();
  const seen = new Map<string, Set<string>>();
  const taken = { accepted: true as const, release() {} };
  return {
    checkAndRecord(apiKey, nonce) {
      if (NONCE_DIGITS.test(nonce)) {
        const outcome = order.take(apiKey, nonce);
        return typeof outcome === "function" ? taken : outcome;
      }
      const strings = seen.get(apiKey) ?? new Set<string>();
      seen.set(apiKey, strings);
      if (strings.has(nonce)) return { accepted: false, reason: "nonce-reused", message: "The nonce has been used before by this key: a nonce is unique per request." };
      if (strings.size >= REMEMBERED) strings.delete(strings.values().next().value!);
      strings.add(nonce);
      return taken;
    },
  };
}
