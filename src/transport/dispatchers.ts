import { Agent, buildConnector, EnvHttpProxyAgent, ProxyAgent, type Client, type Dispatcher } from "undici";
import { clientPerOrigin } from "./origin-clients.js";
import type { Waiting } from "./undici-call.js";

/**
 * A dispatcher, how many of its calls still wait for their connection, and the gate that hands
 * them over (none: all at once).
 */
export type Route = { dispatcher: Sends; waiting: Waiting; gate?: Gate; settled?: () => void };

/** What the transport asks of a dispatcher. */
export type Sends = Pick<Dispatcher, "dispatch">;

type Entry = { live(): boolean; go(): void };

/**
 * At most `limit` calls of a route handed to undici at once; the others wait here, in order. A call
 * that ends while it waits (a timeout, an abort) is never handed over: undici would otherwise
 * write it, or open a connection only to drop it.
 */
export class Gate {
  #inFlight = 0;
  #waiting: Entry[] = [];
  #head = 0;
  constructor(readonly limit: number) {}

  enter(entry: Entry) {
    if (this.#inFlight < this.limit && this.#head === this.#waiting.length) {
      this.#inFlight++;
      entry.go();
    } else {
      this.#waiting.push(entry);
    }
  }

  leave() {
    this.#inFlight--;
    while (this.#inFlight < this.limit && this.#head < this.#waiting.length) {
      const next = this.#waiting[this.#head++]!;
      if (!next.live()) continue;
      this.#inFlight++;
      next.go();
    }
    if (this.#head === this.#waiting.length) {
      this.#waiting = [];
      this.#head = 0;
    }
  }
}

/** Where a request goes: by the API key whose nonces it carries (none for an unsigned call). */
export type Router = (orderKey: string | undefined) => Route;

/**
 * Requests of one key wait for each other on one connection, at most this many written ahead of
 * their answers (HTTP/1.1 pipelining keeps their order; a state-changing request is written only
 * once the ones before it are answered, as undici does for a request not marked idempotent).
 */
export const PIPELINING = 32;
/** Idle connections are kept this long, or less when the server's Keep-Alive says so. */
export const KEEP_ALIVE_MS = 4_000;

const PROXY_VARIABLES = ["HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"];
const proxyVariablesSet = () => typeof process !== "undefined" && PROXY_VARIABLES.some((name) => process.env[name]);

export type Make = (options: Agent.Options) => Sends;

/**
 * Without a proxy, undici's own dispatchers, whose connector opens a connection only while a call
 * still waits for one: a request whose call ended (timed out, aborted) while queued stays in
 * undici's queue, and would otherwise get a connection of its own only to be dropped there.
 */
export const direct = (waiting: Waiting): Make => {
  const connector = buildConnector({});
  const connect: Client.Options["connect"] = (connectOptions, callback) => {
    if (waiting.count > 0) return connector(connectOptions, callback);
    callback(new Error("no call waits for this connection"), null);
  };
  return ({ connections, ...options }) => (connections === 1 ? clientPerOrigin({ ...options, connect }) : new Agent({ ...options, connections, connect }));
};

/** As curl does: HTTP_PROXY, HTTPS_PROXY and NO_PROXY (any case) when set, else straight to the server. */
export const fromEnvironment = (waiting: Waiting): Make => (proxyVariablesSet() ? (options) => new EnvHttpProxyAgent(options) : direct(waiting));
/** Every request through the given forward proxy (CONNECT for https and http alike). */
export const throughProxy = (uri: string) => (): Make => (options) => new ProxyAgent({ ...options, uri });

/** One dispatcher per API key, each with one connection per origin: the key's requests leave and arrive in order. */
export function keyedRouter(maker: (waiting: Waiting) => Make): Router {
  const routes = new Map<string | undefined, Route>();
  return (orderKey) => {
    let route = routes.get(orderKey);
    if (!route) {
      const waiting = { count: 0, onWire: 0 };
      const make = maker(waiting);
      route = orderKey === undefined
        ? { dispatcher: make({ keepAliveTimeout: KEEP_ALIVE_MS }), waiting }
        : { dispatcher: make({ keepAliveTimeout: KEEP_ALIVE_MS, connections: 1, pipelining: PIPELINING }), waiting, gate: new Gate(PIPELINING) };
      routes.set(orderKey, route);
    }
    return route;
  };
}

/** The caller's own dispatcher for every request: its connections and their order are its own. */
export function givenRouter(dispatcher: Dispatcher): Router {
  const route = { dispatcher, waiting: { count: 0, onWire: 0 } };
  return () => route;
}

/** The process's dispatchers, shared by every client and tester run: two clients of one key share its connection. */
export const processRouter: Router = keyedRouter(fromEnvironment);
