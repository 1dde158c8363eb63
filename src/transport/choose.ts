import { fetchTransport } from "./fetch.js";
import { http1Transport } from "./http1/transport.js";
import type { Transport } from "./exchange.js";

const onNode = () =>
  typeof process !== "undefined" && process.release?.name === "node" && !("Bun" in globalThis) && !("Deno" in globalThis);

/** The caller's fetch when given; else HTTP/1.1 over Node's sockets on Node, and the global fetch elsewhere (Bun, Deno, browsers). */
export function chooseTransport(fetchFunction?: typeof globalThis.fetch): Transport {
  if (fetchFunction) return fetchTransport(fetchFunction);
  return onNode() ? http1Transport() : fetchTransport((input, init) => globalThis.fetch(input, init));
}
