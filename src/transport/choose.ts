import { fetchTransport } from "./fetch.js";
import { undiciTransport } from "./undici.js";
import type { Transport } from "./exchange.js";

const onNode = () =>
  typeof process !== "undefined" && process.release?.name === "node" && !("Bun" in globalThis) && !("Deno" in globalThis);

/** The caller's fetch when given; else undici's request on Node, and the global fetch elsewhere (Bun, Deno, browsers). */
export function chooseTransport(fetchFunction?: typeof globalThis.fetch): Transport {
  if (fetchFunction) return fetchTransport(fetchFunction);
  return onNode() ? undiciTransport() : fetchTransport((input, init) => globalThis.fetch(input, init));
}
