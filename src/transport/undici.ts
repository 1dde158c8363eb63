import { isUtf8 } from "node:buffer";
import type { Dispatcher } from "undici";
import { redirectFailure, timedOut, tooLarge, TransportFailure, type Answer, type Exchange, type Transport } from "./exchange.js";

type AgentClass = typeof import("undici").Agent;
type BuildConnector = typeof import("undici").buildConnector;
/** The two parts of undici a transport is built from. */
export type UndiciParts = { Agent: AgentClass; buildConnector: BuildConnector };
type Headers = Record<string, string | string[] | undefined>;

/** undici's Agent and connector alone (23 modules, not the 110 of its index): undici 7 has no exports map. */
const UNDICI_AGENT_MODULE = "undici/lib/dispatcher/agent.js";
const UNDICI_CONNECTOR_MODULE = "undici/lib/core/connect.js";

let givenParts: UndiciParts | undefined;

/**
 * undici's parts, given by the entry that imports them statically (`txc-api` under the "node"
 * condition, which bundlers follow), so that a bundle carries them.
 */
export function useUndici(parts: UndiciParts) {
  givenParts = parts;
}

// A variable specifier keeps browser bundlers from resolving a module only Node ever loads.
async function loadUndici(): Promise<UndiciParts> {
  if (givenParts) return givenParts;
  const agentModule = UNDICI_AGENT_MODULE;
  const connectorModule = UNDICI_CONNECTOR_MODULE;
  try {
    const [Agent, buildConnector] = await Promise.all([import(agentModule), import(connectorModule)]);
    return { Agent: (Agent as { default: AgentClass }).default, buildConnector: (buildConnector as { default: BuildConnector }).default };
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
  let loading: Promise<UndiciParts> | undefined;
  let dispatcher: Dispatcher | undefined;
  // Calls handed to undici that have neither reached a connection nor ended.
  let waitingForConnection = 0;

  return async (exchange: Exchange): Promise<Answer> => {
    if (!dispatcher) {
      // A failed load is not kept: the next call tries again.
      const parts = await (loading ??= loadUndici().catch((error) => ((loading = undefined), Promise.reject(error))));
      dispatcher ??= new parts.Agent({ keepAliveTimeout: 10_000, connect: connectOnlyWhenWaited(parts.buildConnector({}), () => waitingForConnection > 0) });
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
        if (!controller) waitingForConnection--;
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
      waitingForConnection++; // before dispatch, which may connect at once
      dispatcher!.dispatch(
        { origin, path: path || "/", method: exchange.method as Dispatcher.HttpMethod, headers: exchange.headers, body: exchange.body },
        {
          onRequestStart(started) {
            if (settled) return started.abort(new Error("the call had already ended"));
            controller = started;
            waitingForConnection--;
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

/**
 * undici puts a request aborted on its connection back in the queue and opens a new connection
 * for it, only to drop the request there: a storm of timed-out calls would leave as many idle
 * sockets behind. A connection is opened only while some call still waits for one; otherwise the
 * connect fails, which ends nothing but the aborted request.
 */
function connectOnlyWhenWaited(connect: ReturnType<BuildConnector>, someCallWaits: () => boolean): ReturnType<BuildConnector> {
  return (options, callback) => {
    if (someCallWaits()) return connect(options, callback);
    callback(new Error("no call waits for this connection"), null);
  };
}
