import { isUtf8 } from "node:buffer";
import type { Dispatcher } from "undici";
import { redirectFailure, timedOut, tooLarge, TransportFailure, type Answer, type Exchange, type Transport } from "./exchange.js";

type AgentClass = typeof import("undici").Agent;
type Headers = Record<string, string | string[] | undefined>;

/** undici's Agent alone (23 modules, not the 110 of its index): undici 7 has no exports map. */
const UNDICI_AGENT_MODULE = "undici/lib/dispatcher/agent.js";

let givenAgent: AgentClass | undefined;

/**
 * The Agent class, given by the entry that imports it statically (`txc-api` under the "node"
 * condition, which bundlers follow), so that a bundle carries it.
 */
export function useUndiciAgent(Agent: AgentClass) {
  givenAgent = Agent;
}

// A variable specifier keeps browser bundlers from resolving a module only Node ever loads.
async function loadAgent(): Promise<AgentClass> {
  if (givenAgent) return givenAgent;
  const specifier = UNDICI_AGENT_MODULE;
  try {
    return ((await import(specifier)) as { default: AgentClass }).default;
  } catch (error) {
    throw new TransportFailure(
      "setup",
      "undici, which txc-api sends with on Node, cannot be loaded: install it beside txc-api (npm install undici), or bundle txc-api with the \"node\" export condition (esbuild --platform=node does), which includes it",
      { cause: error },
    );
  }
}

const headerOf = (headers: Headers, name: string): string | null => {
  const value = headers[name.toLowerCase()];
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
};

const ORIGIN_AND_PATH = /^([a-z][a-z\d+.-]*:\/\/[^/?#]*)(.*)$/i;

/**
 * undici's dispatcher over a keep-alive pool, driven directly: no stream, no AbortController and
 * no promise per chunk: a call costs less CPU than undici.request itself (bench/).
 * Never follows a redirect; the timeout covers the whole exchange (queueing and connecting
 * included) and aborts it, so nothing is read once the call has ended; an answer over
 * `maxResponseBytes` is cut off.
 */
export function undiciTransport(): Transport {
  let loading: Promise<AgentClass> | undefined;
  let dispatcher: Dispatcher | undefined;

  return async (exchange: Exchange): Promise<Answer> => {
    if (!dispatcher) {
      // A failed load is not kept: the next call tries again.
      const Agent = await (loading ??= loadAgent().catch((error) => ((loading = undefined), Promise.reject(error))));
      dispatcher ??= new Agent({ keepAliveTimeout: 10_000 });
    }
    exchange.signal?.throwIfAborted();
    const [, origin, path] = ORIGIN_AND_PATH.exec(exchange.url) ?? [];
    if (!origin) throw new TransportFailure("network", `not an absolute http(s) URL: ${exchange.url.slice(0, 100)}`);

    return new Promise<Answer>((resolve, reject) => {
      let controller: Dispatcher.DispatchController | undefined;
      let settled = false;
      const settle = (failure: unknown, answer?: Answer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        exchange.signal?.removeEventListener("abort", onAbort);
        if (answer) return resolve(answer);
        reject(failure);
        // A request still queued is aborted as soon as it starts (onRequestStart).
        if (controller && !controller.aborted) controller.abort(failure as Error);
      };
      const timer = setTimeout(() => settle(timedOut(exchange.timeoutMs)), exchange.timeoutMs);
      const onAbort = () => settle(exchange.signal!.reason);
      exchange.signal?.addEventListener("abort", onAbort, { once: true });

      let status = 0;
      let headers: Headers = {};
      const chunks: Buffer[] = [];
      let size = 0;
      dispatcher!.dispatch(
        { origin, path: path || "/", method: exchange.method as Dispatcher.HttpMethod, headers: exchange.headers, body: exchange.body },
        {
          onRequestStart(started) {
            controller = started;
            if (settled) started.abort(new Error("the call had already ended"));
          },
          onResponseStart(_, statusCode, responseHeaders) {
            if (statusCode < 200) return; // 1xx: the real answer follows
            status = statusCode;
            headers = responseHeaders as Headers;
            if (status >= 300 && status < 400) settle(redirectFailure(status, headerOf(headers, "location"), exchange.url));
            else if (Number(headerOf(headers, "content-length")) > exchange.maxResponseBytes) settle(tooLarge(exchange.maxResponseBytes, status));
          },
          onResponseData(_, chunk) {
            size += chunk.length;
            if (size > exchange.maxResponseBytes) settle(tooLarge(exchange.maxResponseBytes, status));
            else chunks.push(chunk);
          },
          onResponseEnd() {
            const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
            settle(null, { status, headers: { get: (name) => headerOf(headers, name) }, text: bytes.toString("utf8"), utf8: isUtf8(bytes) });
          },
          onResponseError(_, error) {
            settle(new TransportFailure("network", `the connection failed: ${error?.message ?? error}`, { cause: error }));
          },
        },
      );
    });
  };
}
