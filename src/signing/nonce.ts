/** Returns the nonce for the next request of an API key. */
export type NonceSource = (apiKey: string) => string;

// One registry per process, shared by every client instance and by every copy of this package
// that happens to be loaded, so that two clients of the same key never send the same nonce.
const registryKey = Symbol.for("txc-api.last-nonce-by-api-key");
const registry: Map<string, number> = ((globalThis as Record<symbol, unknown>)[registryKey] as Map<string, number>) ??
  ((globalThis as Record<symbol, unknown>)[registryKey] = new Map<string, number>());

/**
 * Unix time in milliseconds, or the last nonce + 1 when the clock has not moved (or went back):
 * strictly increasing per API key, whatever the number of calls in one millisecond.
 */
export const timeNonce: NonceSource = (apiKey) => {
  const last = registry.get(apiKey) ?? 0;
  const now = Date.now();
  const next = now > last ? now : last + 1;
  registry.set(apiKey, next);
  return String(next);
};

/**
 * How far the last nonce of an API key is ahead of the clock, in milliseconds (0 when it is not).
 * Above one call per millisecond the nonces run ahead; a process that ends before the clock has
 * caught up leaves the next process's nonces lower than the last one the server accepted.
 */
export function nonceLeadMs(apiKey: string): number {
  return Math.max(0, (registry.get(apiKey) ?? 0) - Date.now());
}
