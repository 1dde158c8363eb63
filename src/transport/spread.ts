// Sending as a tester must to a server deployed as several processes behind one address: a key's
// requests in a row spread over several connections, and an exchange on a connection of its own.
// Apart from undici.ts so that the client, which needs neither, does not ship them.
import { Agent, ProxyAgent } from "undici";
import { fromEnvironment, keyedRouter, throughProxy, type Make, type Router } from "./dispatchers.js";
import type { Exchange, HttpAnswer, Transport } from "./exchange.js";
import { Turns } from "./turns.js";
import type { Waiting } from "./undici-call.js";
import { undiciTransport } from "./undici.js";

/** `connections` keyed routers side by side, taken in turn by each key's requests in a row (turns.ts). */
export function spreadRouter(maker: (waiting: Waiting) => Make, connections: number): Router {
  const routers = Array.from({ length: connections }, () => keyedRouter(maker));
  const turns = new Turns(connections);
  return (orderKey) => {
    const { index, done } = turns.take(orderKey);
    return Object.assign({}, routers[index]!(orderKey), { settled: done });
  };
}

/**
 * The transport over `connections` connections per key and origin (through `proxy` when given):
 * requests in a row reach each process behind one address, those in flight together keep their order.
 */
export function spreadTransport(connections: number, proxy?: string): Transport {
  return connections > 1 ? undiciTransport({ router: spreadRouter(proxy ? throughProxy(proxy) : fromEnvironment, connections) }) : undiciTransport(proxy ? { proxy } : {});
}

/**
 * One exchange on a connection of its own, closed after it: behind a balancer or `node:cluster`,
 * each such exchange reaches whichever process takes the next connection (the tester's replays
 * and races).
 */
export async function sendOnOwnConnection(exchange: Exchange, proxy?: string): Promise<HttpAnswer> {
  const dispatcher = proxy ? new ProxyAgent({ uri: proxy, connections: 1 }) : new Agent({ connections: 1 });
  try {
    return await undiciTransport({ dispatcher })(exchange);
  } finally {
    dispatcher.destroy().catch(() => {});
  }
}
