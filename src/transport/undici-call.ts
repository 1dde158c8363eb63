import type { Dispatcher } from "undici";
import { AnswerBody, type RawHeaders } from "./answer-body.js";
import { closedBeforeAnswerFailure, timedOut, TransportFailure, type HttpAnswer, type Exchange } from "./exchange.js";

/**
 * What one call shares with the others of its dispatcher: how many have not yet started on a
 * connection, and how many requests are written and not yet done with (their answers awaited).
 */
export type Waiting = { count: number; onWire: number };

/**
 * One exchange as the handler undici drives. Reading the answer within its bounds is AnswerBody's
 * job (answer-body.ts); this class is the exchange's life: its whole-exchange timer, the caller's
 * abort, and the one hard part, a key's nonce order.
 *
 * The nonce order: undici can cancel a request on an HTTP/1.1 connection only by closing it, and
 * then sends the requests written after it again, on a new connection, with nonces the server may
 * have used already. So a read-only request that undici has taken is never cut for its caller: when
 * the caller's signal aborts it, or the call ended before undici wrote it, the call rejects at once
 * and the request is left to finish on the wire, its answer dropped ("detached"); it is cut only
 * when its own timeout passes. A state-changing request is written alone on its connection, and
 * is always cut. `Waiting` tells the route how many of its requests are on the wire, so that a
 * request that ended before it was written is cut when nothing is behind it.
 *
 * It ends once for its caller: with the answer, or with the first failure (`settle`).
 */
export class UndiciCall implements Dispatcher.DispatchHandler {
  /**
   * "pending" until the call ends for its caller. "ended": with its answer or its failure, the
   * request cut or never written. "detached": ended for its caller while undici still carries the
   * request, whose answer is dropped (the nonce order above).
   */
  private state: "pending" | "ended" | "detached" = "pending";
  private started = false;
  /** The route's gate was told that the call left (once). */
  private left = false;
  /** Counted in the route's onWire: written, undici not yet done with it. */
  private onWire = false;
  get ended() {
    return this.state !== "pending";
  }
  /** Sent again by undici on a new connection after the request before it on the old one failed. */
  private restarted = false;
  /** Handed to undici (not waiting in the route's gate). */
  handed = false;
  private controller: Dispatcher.DispatchController | undefined;
  /** The answer's status, 0 until it starts. */
  private status = 0;
  private body: AnswerBody | undefined;
  private timer: ReturnType<typeof setTimeout>;
  private readonly onAbort: (() => void) | undefined;

  constructor(
    private readonly exchange: Exchange,
    private readonly waiting: Waiting,
    private readonly resolve: (answer: HttpAnswer) => void,
    private readonly reject: (failure: unknown) => void,
    /** Told once when the call ends after it was handed to undici. */
    private readonly onLeave: () => void = () => {},
  ) {
    waiting.count++;
    this.timer = setTimeout(() => (this.state === "detached" ? this.cut(timedOut(exchange.timeoutMs)) : this.settle(timedOut(exchange.timeoutMs))), exchange.timeoutMs);
    if (exchange.signal) {
      this.onAbort = () => (this.started && this.exchange.readOnly ? this.detach(exchange.signal!.reason) : this.settle(exchange.signal!.reason));
      exchange.signal.addEventListener("abort", this.onAbort, { once: true });
    }
  }

  onRequestStart(controller: Dispatcher.DispatchController) {
    if (this.state === "detached") return;
    if (this.state === "ended") {
      // Cut here, it would close a connection others' requests are on: written in its place
      // instead, it keeps their order, its answer dropped, cut only past a timeout of its own.
      if (!this.exchange.readOnly || this.waiting.onWire === 0) return controller.abort(new Error("the call had already ended"));
      this.controller = controller;
      this.state = "detached";
      this.wire(true);
      this.timer = setTimeout(() => this.cut(timedOut(this.exchange.timeoutMs)), this.exchange.timeoutMs);
      return;
    }
    this.controller = controller;
    this.wire(true);
    if (this.started) {
      // undici sends a pipelined request again, in its place, after the one before it on the
      // connection failed (only read-only requests are pipelined). Aborting it here would close
      // the new connection too; if the server had read it the first time, its 401 says so below.
      this.restarted = true;
      return;
    }
    this.started = true;
    this.waiting.count--;
  }

  onResponseStart(_controller: Dispatcher.DispatchController, status: number, headers: RawHeaders) {
    if (this.ended) return;
    this.status = status;
    if (status === 401 && this.restarted) {
      // Its nonce was used by the first sending, whose answer the closed connection lost.
      return this.settle(closedBeforeAnswerFailure("the connection closed before the answer, and the request sent again with its nonce was refused", true));
    }
    const body = AnswerBody.start(status, headers, this.exchange, (failure, answer) => this.settle(failure, answer));
    if (body instanceof TransportFailure) return this.settle(body);
    this.body = body;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer) {
    if (this.ended) return;
    this.body?.write(chunk);
  }

  onResponseEnd() {
    this.wire(false);
    if (this.state === "detached") return this.release();
    if (this.ended) return;
    this.body?.close();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error) {
    this.wire(false);
    if (this.state === "detached") return this.release();
    if (this.ended) return;
    if (!this.started && (error as { code?: string })?.code === "UND_ERR_INVALID_ARG") {
      return this.settle(new TransportFailure("setup", `the request cannot be sent as given: ${error.message}; nothing was sent`, { cause: error, sent: false }));
    }
    if (!this.started) return this.settle(new TransportFailure("network", `the connection failed: ${error?.message ?? error}`, { cause: error, sent: false }));
    if (this.status === 0 && isClosedByServer(error)) return this.settle(closedBeforeAnswerFailure("the server closed the connection without answering", true, error));
    this.settle(new TransportFailure("network", `the connection failed: ${error?.message ?? error}`, { cause: error, sent: true }));
  }

  private settle(failure: unknown, answer?: HttpAnswer) {
    if (this.ended) return;
    this.state = "ended";
    if (!this.started) this.waiting.count--;
    clearTimeout(this.timer);
    if (this.onAbort) this.exchange.signal!.removeEventListener("abort", this.onAbort);
    this.body?.destroy();
    this.leave();
    if (answer) return this.resolve(answer);
    this.reject(failure);
    this.cut(failure);
  }

  /** The caller is told at once; undici finishes the request, and the route's gate is told when it has (or its timeout cut it). */
  private detach(reason: unknown) {
    if (this.ended) return;
    this.state = "detached";
    if (this.onAbort) this.exchange.signal!.removeEventListener("abort", this.onAbort);
    this.body?.destroy();
    this.body = undefined;
    this.reject(reason);
  }

  /** A detached request is done: the gate may hand its place to the next call. */
  private release() {
    clearTimeout(this.timer);
    this.leave();
  }

  private leave() {
    if (!this.handed || this.left) return;
    this.left = true;
    this.onLeave();
  }

  private wire(on: boolean) {
    if (this.onWire === on) return;
    this.onWire = on;
    this.waiting.onWire += on ? 1 : -1;
  }

  /** Aborts the request in undici, which closes its connection if it was written. */
  private cut(failure: unknown) {
    this.wire(false);
    this.release();
    if (this.controller && !this.controller.aborted) this.controller.abort(failure instanceof Error ? failure : new Error(String(failure)));
  }
}

/** undici's words for a connection the other side ended or reset before the answer began. */
function isClosedByServer(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return (code === "UND_ERR_SOCKET" && /other side closed/.test(String(message))) || code === "ECONNRESET" || code === "EPIPE";
}
