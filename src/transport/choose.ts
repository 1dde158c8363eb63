import { fetchTransport } from "./fetch.js";
import { nodeHttpTransport } from "./node-http.js";
import type { Transport } from "./exchange.js";

const onNode = () =>
  typeof process !== "undefined" && process.release?.name === "node" && !("Bun" in globalThis) && !("Deno" in globalThis);

/** The caller's fetch when given; else Node's keep-alive HTTP client on Node, and the global fetch elsewhere. */
export function chooseTransport(fetchFunction?: typeof globalThis.fetch): Transport {
  if (fetchFunction) return fetchTransport(fetchFunction);
  return onNode() ? nodeHttpTransport() : fetchTransport((input, init) => globalThis.fetch(input, init));
}
