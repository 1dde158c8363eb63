import { connect as connectTcp, isIP, type Socket } from "node:net";
import { connect as connectTls } from "node:tls";
import { ResponseParser, type AnswerEvents, type AnswerHead } from "./response-parser.js";

/** Where an origin's connections go, and the Host header its requests carry. */
export type Target = { secure: boolean; host: string; port: number; hostHeader: string };

/** The exchange a connection carries: it hears the answer as it is read, or why it failed. */
export interface Exchanger {
  onHead(head: AnswerHead): void;
  onBody(bytes: Buffer): void;
  onEnd(): void;
  onFailure(error: Error): void;
}

/** How long a connection is kept idle for the next request, unless the server asks for less. */
const IDLE_MS = 10_000;
/** A server's Keep-Alive timeout is cut by this much, so that no request is sent as it closes. */
const IDLE_MARGIN_MS = 1_000;
const KEEP_ALIVE_TIMEOUT = /(?:^|[,;\s])timeout=(\d{1,9})/i;

/** One keep-alive connection: one exchange at a time, no pipelining. */
export class Connection implements AnswerEvents {
  private readonly socket: Socket;
  private readonly parser = new ResponseParser(this);
  private exchanger: Exchanger | undefined;
  /** A request waiting for the TLS handshake: written before it, a failed handshake reads as EPROTO. */
  private held: string | Buffer | undefined;
  private idleMs = IDLE_MS;
  /** Until when (Date.now()) it may carry another request. */
  idleUntil = 0;
  gone = false;

  constructor(target: Target, private readonly pool: OriginPool) {
    const { host, port } = target;
    if (target.secure) {
      this.held = "";
      this.socket = connectTls({ host, port, servername: isIP(host) ? undefined : host, ALPNProtocols: ["http/1.1"] }, () => {
        if (this.held) this.socket.write(this.held);
        this.held = undefined;
      });
    } else {
      this.socket = connectTcp({ host, port });
    }
    this.socket.setNoDelay(true);
    this.socket.on("data", (chunk: Buffer) => this.onData(chunk));
    this.socket.on("error", (error) => this.fail(error));
    this.socket.on("close", () => this.onClose());
  }

  send(exchanger: Exchanger, request: string | Buffer) {
    this.exchanger = exchanger;
    this.parser.reset();
    this.idleMs = IDLE_MS;
    this.socket.ref();
    if (this.held === undefined) this.socket.write(request);
    else this.held = request;
  }

  /** The exchange ended before its answer did (timeout, abort, redirect, size): the connection goes. */
  abandon(exchanger: Exchanger) {
    if (this.exchanger !== exchanger) return;
    this.exchanger = undefined;
    this.parser.stop();
    this.destroy();
  }

  destroy() {
    this.gone = true;
    this.pool.forget(this);
    this.socket.destroy();
  }

  head(head: AnswerHead) {
    const { headers } = head;
    for (let i = 0; i < headers.length; i += 2) {
      const timeout = headers[i] === "keep-alive" ? KEEP_ALIVE_TIMEOUT.exec(headers[i + 1]) : null;
      if (timeout) this.idleMs = Math.min(IDLE_MS, Number(timeout[1]) * 1000 - IDLE_MARGIN_MS);
    }
    this.exchanger?.onHead(head);
  }

  body(bytes: Buffer) {
    this.exchanger?.onBody(bytes);
  }

  end(reusable: boolean) {
    const exchanger = this.exchanger;
    this.exchanger = undefined;
    if (reusable && !this.gone && this.idleMs > 0) this.pool.release(this, this.idleMs);
    else this.destroy();
    exchanger?.onEnd();
  }

  /** Whether it can carry a request: not closed, nor closing after the server's end. */
  get usable(): boolean {
    return !this.gone && !this.socket.readableEnded && !this.socket.destroyed;
  }

  /** Idle: no more references from it keep the process alive. */
  rest() {
    this.socket.unref();
  }

  private onData(chunk: Buffer) {
    if (!this.exchanger) return this.destroy(); // bytes no request asked for
    try {
      this.parser.feed(chunk);
    } catch (error) {
      this.fail(error as Error);
    }
  }

  private fail(error: Error) {
    const exchanger = this.exchanger;
    this.exchanger = undefined;
    this.parser.stop();
    this.destroy();
    exchanger?.onFailure(error);
  }

  private onClose() {
    this.gone = true;
    this.pool.forget(this);
    if (!this.exchanger) return;
    try {
      this.parser.closed(); // ends an answer that runs until the close
    } catch (error) {
      this.fail(error as Error);
    }
  }
}

/** An origin's idle connections, the most recently used first; none is kept past its time. */
export class OriginPool {
  private readonly idle: Connection[] = [];
  private sweeper: ReturnType<typeof setInterval> | undefined;

  constructor(readonly target: Target) {}

  take(): Connection {
    const now = Date.now();
    for (let connection = this.idle.pop(); connection; connection = this.idle.pop()) {
      if (connection.usable && now < connection.idleUntil) return connection;
      connection.destroy();
    }
    return new Connection(this.target, this);
  }

  release(connection: Connection, idleMs: number) {
    connection.idleUntil = Date.now() + idleMs;
    connection.rest();
    this.idle.push(connection);
    this.sweeper ??= setInterval(() => this.sweep(), 1_000).unref();
  }

  forget(connection: Connection) {
    const at = this.idle.indexOf(connection);
    if (at >= 0) this.idle.splice(at, 1);
  }

  private sweep() {
    const now = Date.now();
    for (const connection of this.idle.filter((idle) => now >= idle.idleUntil)) connection.destroy();
    if (this.idle.length === 0) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }
}
