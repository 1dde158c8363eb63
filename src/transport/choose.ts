import type { Dispatcher } from "undici";
import { fetchTransport } from "./fetch.js";
import { undiciTransport } from "./undici.js";
import type { Transport } from "./exchange.js";

/**
 * An undici dispatcher: an `Agent`, `ProxyAgent`, `EnvHttpProxyAgent`, `MockAgent`, `RetryAgent`,
 * or any object with undici's `dispatch`. Spelt out structurally, so that a type check of this
 * package reads no declaration file of undici's.
 */
export interface HttpDispatcher {
  dispatch(options: never, handler: never): boolean;
}

export type TransportChoice = { fetch?: typeof globalThis.fetch | undefined; dispatcher?: HttpDispatcher | undefined };

/** The caller's fetch when given (the caller refuses both at once); else undici, through the caller's dispatcher or the process's own. */
export function chooseTransport({ fetch, dispatcher }: TransportChoice = {}): Transport {
  if (fetch) return fetchTransport(fetch);
  return undiciTransport({ dispatcher: dispatcher as Dispatcher | undefined });
}
