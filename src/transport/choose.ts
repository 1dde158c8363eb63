import type { Dispatcher } from "undici";
import { fetchTransport } from "./fetch.js";
import { undiciTransport } from "./undici.js";
import type { Transport } from "./exchange.js";

export type TransportChoice = { fetch?: typeof globalThis.fetch | undefined; dispatcher?: Dispatcher | undefined };

/** The caller's fetch when given; else undici, through the caller's dispatcher or the process's own. */
export function chooseTransport({ fetch, dispatcher }: TransportChoice = {}): Transport {
  if (fetch && dispatcher) throw new TypeError("give fetch or dispatcher, not both: a fetch of your own chooses its own connections");
  if (fetch) return fetchTransport(fetch);
  return undiciTransport({ dispatcher });
}
