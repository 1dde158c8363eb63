import { isUtf8 } from "node:buffer";
import type { Dispatcher } from "undici";
import { redirectFailure, timedOut, tooLarge, TransportFailure, type Answer, type Exchange, type Transport } from "./exchange.js";

type PoolClass = typeof import("undici").Pool;
type BuildConnector = typeof import("undici").buildConnector;
/** The two parts of undici a transport is built from. */
export type UndiciParts = { Pool: PoolClass; buildConnector: BuildConnector };

/** undici's Pool and connector alone (not the 110 modules of its index): undici 7 has no exports map. */
const UNDICI_POOL_MODULE = "undici/lib/dispatcher/pool.js";
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
  const poolModule = UNDICI_POOL_MODULE;
  const connectorModule = UNDICI_CONNECTOR_MODULE;
  try {
    const [Pool, buildConnector] = await Promise.all([import(poolModule), import(connectorModule)]);
    return { Pool: (Pool as { default: PoolClass }).default, buildConnector: (buildConnector as { default: BuildConnector }).default };
  } catch (error) {
    throw new TransportFailure(
      "setup",
      "undici, which txc-api sends with on Node, cannot be loaded: install it beside txc-api (npm install undici), or bundle txc-api with the \"node\" export condition (esbuild --platform=node does), which includes it",
      { cause: error },
    );
  }
}

type RawHeaders = Buffer[];

/** A header's value from undici's raw [name, value, ...] list; repeated ones joined as fetch joins them. */
function headerOf(raw: RawHeaders, name: string): string | null {
  let value: string | null = null;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].length !== name.length || raw[i].toString("latin1").toLowerCase() !== name) continue;
    const part = raw[i + 1].toString("latin1");
    value = value === null ? part : `${value}, ${part}`;
  }
  return value;
}

const ORIGIN_AND_PATH = /^([a-z][a-z\d+.-]*:\/\/[^/?#]*)(.*)$/i;
/** A client calls a handful of URLs: each is split once (a bounded memo, cleared when full). */
const splitUrls = new Map<string, { origin: string; path: string } | null>();

function splitUrl(url: string): { origin: string; path: string } | null {
  let split = splitUrls.get(url);
  if (split === undefined) {
    const [, origin, path] = ORIGIN_AND_PATH.exec(url) ?? [];
    split = origin ? { origin, path: path || "/" } : null;
    if (splitUrls.size >= 256) splitUrls.clear();
    splitUrls.set(url, split);
  }
  return split;
}

/** What the transport shares between its calls: a keep-alive pool per origin (a client has one). */
type Shared = { pools: Map<string, Dispatcher>; newPool(origin: string): Dispatcher; waitingForConnection: number };

/**
 * One call, as the handler undici's core drives (onConnect, onHeaders, onData, onComplete,
 * onError): one object per call, no per-call closures, and the answer's headers kept raw and read
 * only when asked for.
 */
class UndiciCall {
  private abortRequest: ((reason: Error) => void) | undefined;
  private settled = false;
  private status = 0;
  private rawHeaders: RawHeaders = [];
  private chunks: Buffer[] = [];
  private size = 0;
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly onAbort: (() => void) | undefined;

  constructor(
    private readonly exchange: Exchange,
    private readonly shared: Shared,
    private readonly resolve: (answer: Answer) => void,
    private readonly reject: (failure: unknown) => void,
  ) {
    this.timer = setTimeout(() => this.settle(timedOut(exchange.timeoutMs)), exchange.timeoutMs);
    if (exchange.signal) {
      this.onAbort = () => this.settle(exchange.signal!.reason);
      exchange.signal.addEventListener("abort", this.onAbort, { once: true });
    }
    shared.waitingForConnection++; // before dispatch, which may connect at once
  }

  private settle(failure: unknown, answer?: Answer) {
    if (this.settled) return;
    this.settled = true;
    if (!this.abortRequest) this.shared.waitingForConnection--;
    clearTimeout(this.timer);
    if (this.onAbort) this.exchange.signal!.removeEventListener("abort", this.onAbort);
    if (answer) return this.resolve(answer);
    this.reject(failure);
    // A request still queued is aborted as soon as it starts (onConnect).
    this.abortRequest?.(failure as Error);
  }

  onConnect(abort: (reason: Error) => void) {
    if (this.settled) return abort(new Error("the call had already ended"));
    this.abortRequest = abort;
    this.shared.waitingForConnection--;
  }

  onHeaders(statusCode: number, rawHeaders: RawHeaders): boolean {
    if (statusCode < 200) return true; // 1xx: the real answer follows
    this.status = statusCode;
    this.rawHeaders = rawHeaders;
    const { maxResponseBytes, url } = this.exchange;
    if (statusCode >= 300 && statusCode < 400) this.settle(redirectFailure(statusCode, headerOf(rawHeaders, "location"), url));
    else if (Number(headerOf(rawHeaders, "content-length")) > maxResponseBytes) this.settle(tooLarge(maxResponseBytes, statusCode));
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.size += chunk.length;
    if (this.size > this.exchange.maxResponseBytes) this.settle(tooLarge(this.exchange.maxResponseBytes, this.status));
    else this.chunks.push(chunk);
    return true;
  }

  onComplete() {
    const bytes = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    const rawHeaders = this.rawHeaders;
    this.settle(null, { status: this.status, headers: { get: (name) => headerOf(rawHeaders, name.toLowerCase()) }, text: bytes.toString("utf8"), utf8: isUtf8(bytes) });
  }

  onError(error: Error) {
    this.settle(new TransportFailure("network", `the connection failed: ${error?.message ?? error}`, { cause: error }));
  }
}

/**
 * undici's dispatcher over a keep-alive pool, driven directly: no stream, no AbortController and
 * no promise per chunk: a call costs less CPU than undici.request itself (bench/).
 * Never follows a redirect; the timeout covers the whole exchange (queueing and connecting
 * included) and aborts it, so nothing is read once the call has ended; an answer over
 * `maxResponseBytes` is cut off.
 */
export function undiciTransport(): Transport {
  let loading: Promise<UndiciParts> | undefined;
  let shared: Shared | undefined;

  const send = (exchange: Exchange, shared: Shared): Promise<Answer> => {
    if (exchange.signal?.aborted) return Promise.reject(exchange.signal.reason);
    const split = splitUrl(exchange.url);
    if (!split) return Promise.reject(new TransportFailure("network", `not an absolute http(s) URL: ${exchange.url.slice(0, 100)}`));
    let pool = shared.pools.get(split.origin);
    if (!pool) shared.pools.set(split.origin, (pool = shared.newPool(split.origin)));
    return new Promise<Answer>((resolve, reject) => {
      pool.dispatch(
        { origin: split.origin, path: split.path, method: exchange.method as Dispatcher.HttpMethod, headers: exchange.headers, body: exchange.body },
        new UndiciCall(exchange, shared, resolve, reject) as unknown as Dispatcher.DispatchHandler,
      );
    });
  };

  return (exchange: Exchange): Promise<Answer> => {
    if (shared) return send(exchange, shared);
    // A failed load is not kept: the next call tries again.
    loading ??= loadUndici().catch((error) => ((loading = undefined), Promise.reject(error)));
    return loading.then(({ Pool, buildConnector }) => {
      if (!shared) {
        const connector = buildConnector({});
        const state: Shared = {
          pools: new Map(),
          waitingForConnection: 0,
          newPool: (origin) => new Pool(origin, { keepAliveTimeout: 10_000, connect: connectOnlyWhenWaited(connector, () => state.waitingForConnection > 0) }),
        };
        shared = state;
      }
      return send(exchange, shared);
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
