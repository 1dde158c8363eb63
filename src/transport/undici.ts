import type { Dispatcher } from "undici";
import { givenRouter, keyedRouter, processRouter, throughProxy, type Router } from "./dispatchers.js";
import { TransportFailure, type HttpAnswer, type Exchange, type Transport } from "./exchange.js";
import { UndiciCall } from "./undici-call.js";

const ORIGIN_AND_PATH = /^(https?:\/\/[^/?#]+)(.*)$/i;
/** What RFC 9110 lets a field value hold (obs-text included), as fetch's Headers do: no control byte, nothing past U+00FF. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

export type UndiciTransportOptions = {
  /** The caller's undici dispatcher (an Agent with TLS options, a ProxyAgent, a MockAgent...). */
  dispatcher?: Dispatcher;
  /** A forward proxy for every request; without one, HTTP(S)_PROXY and NO_PROXY decide. */
  proxy?: string;
  /** Where each request goes, by its key: the tester's spread over several connections (spread.ts). */
  router?: Router;
};

function problemOf({ url, headers }: Exchange): string | undefined {
  if (!ORIGIN_AND_PATH.test(url)) return `not an absolute http(s) URL: ${url.slice(0, 100)}`;
  for (const name in headers) {
    if (!HEADER_VALUE.test(headers[name])) return `the header ${name} holds a character that cannot be sent (a control character, or one past U+00FF)`;
  }
  return undefined;
}

/**
 * The transport on Node: undici, under the package's rules (no redirect followed, a whole-exchange
 * timeout, the size cap, compressed answers decoded). By default each API key's requests go out
 * on one connection per origin, in the order given, so that its nonces arrive in order.
 */
export function undiciTransport(options: UndiciTransportOptions = {}): Transport {
  const route: Router = options.router ?? (options.dispatcher ? givenRouter(options.dispatcher) : options.proxy ? keyedRouter(throughProxy(options.proxy)) : processRouter);
  return (exchange: Exchange): Promise<HttpAnswer> => {
    if (exchange.signal?.aborted) return Promise.reject(exchange.signal.reason);
    const problem = problemOf(exchange);
    if (problem) return Promise.reject(new TransportFailure("setup", `${problem}; nothing was sent`, { sent: false }));
    const [, origin, path] = ORIGIN_AND_PATH.exec(exchange.url)!;
    const { dispatcher, waiting, gate, settled } = route(exchange.orderKey);
    const answer = new Promise<HttpAnswer>((resolve, reject) => {
      const call = new UndiciCall(exchange, waiting, resolve, reject, () => gate?.leave());
      const go = () => {
        call.handed = true;
        try {
          dispatcher.dispatch(
            { origin, path: path || "/", method: exchange.method as Dispatcher.HttpMethod, headers: exchange.headers, body: exchange.body, idempotent: exchange.readOnly ?? false },
            call,
          );
        } catch (error) {
          call.onResponseError(undefined as never, error as Error);
        }
      };
      if (gate) gate.enter({ live: () => !call.ended, go });
      else go();
    });
    if (settled) answer.then(settled, settled);
    return answer;
  };
}
