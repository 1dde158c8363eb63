// One API key's connections: one undici Client per origin, and the rule for a state-changing
// request after a pause.
import { Client, type Dispatcher } from "undici";

/**
 * The longest a state-changing request rides a connection left idle, when the server announced
 * no idle timeout of its own (no `Keep-Alive: timeout=`): past it, a fresh connection is opened.
 * A server may close an idle connection at any moment (nginx's keepalive_timeout sends no
 * header), and a request written as it closes is lost without knowing whether it was acted on.
 * A read-only request rides the connection as it is: if it was closed, the request goes again on
 * a fresh one.
 */
export const STALE_IDLE_MS = 500;

type Origin = { client: Client; inFlight: number; idleSince: number; announced: boolean };

/** Counts a request in and out of its origin's connection, and notes a Keep-Alive timeout the server announces. */
class Tracked implements Dispatcher.DispatchHandler {
  #done = false;
  constructor(private readonly origin: Origin, private readonly inner: Dispatcher.DispatchHandler) {}
  #end() {
    if (this.#done) return;
    this.#done = true;
    this.origin.inFlight--;
    this.origin.idleSince = performance.now();
  }
  onRequestStart(controller: Dispatcher.DispatchController, context: unknown) {
    this.inner.onRequestStart?.(controller, context);
  }
  onResponseStart(controller: Dispatcher.DispatchController, status: number, headers: Record<string, string | string[] | undefined>, message: string) {
    if (/timeout=\d/i.test(String(headers["keep-alive"] ?? ""))) this.origin.announced = true;
    this.inner.onResponseStart?.(controller, status, headers, message);
  }
  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer) {
    this.inner.onResponseData?.(controller, chunk);
  }
  onResponseEnd(controller: Dispatcher.DispatchController, trailers: Record<string, string | string[] | undefined>) {
    this.#end();
    this.inner.onResponseEnd?.(controller, trailers);
  }
  onResponseError(controller: Dispatcher.DispatchController, error: Error) {
    this.#end();
    this.inner.onResponseError?.(controller, error);
  }
}

/**
 * One undici Client per origin, kept for the key's life. Not undici's Agent: when a call is
 * aborted while its answer is awaited, the Agent (7.x) closes that Client on its disconnect, makes
 * a new one, and then counts the old one's connections as the new one's; from then on a key's
 * requests leave over two connections at once and reach the server out of nonce order.
 */
export function clientPerOrigin(options: Client.Options): Pick<Dispatcher, "dispatch"> {
  const origins = new Map<string, Origin>();
  return {
    dispatch(request, handler) {
      const key = String(request.origin);
      let origin = origins.get(key);
      const stale = origin !== undefined && !request.idempotent && origin.inFlight === 0 && !origin.announced && performance.now() - origin.idleSince > STALE_IDLE_MS;
      if (!origin || origin.client.closed || origin.client.destroyed || stale) {
        // The old one has nothing in flight: closing it only ends its idle connection.
        if (stale) void origin!.client.close();
        origin = { client: new Client(key, options), inFlight: 0, idleSince: performance.now(), announced: false };
        origins.set(key, origin);
      }
      origin.inFlight++;
      return origin.client.dispatch(request, new Tracked(origin, handler));
    },
  };
}
