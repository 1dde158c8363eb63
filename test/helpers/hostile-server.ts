import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { readFileSync } from "node:fs";
import type { Socket } from "node:net";
import { acceptMarkers } from "./accept-marker.js";
import { listenOnLoopback } from "./loopback.js";

export type Hostile = {
  baseUrl: string;
  /** Every request received: method, path and the X-TXC headers it carried. */
  received: { method: string; path: string; txcHeaders: string[] }[];
  /** Bytes of answer bodies written so far, over all connections. */
  bytesWritten: () => number;
  /** Connections open now. */
  openConnections: () => number;
  /** Connections accepted since the server started. */
  connectionsAccepted: () => number;
  /**
   * Connections accepted before a marker connection of the test's own: the listen queue is first
   * in, first out, so every connection begun before the marker is counted, without waiting a while.
   */
  acceptedBeforeMarker: () => Promise<number>;
  close: () => Promise<void>;
};

/**
 * A loopback server that answers as `handle` says, on any address of 127.0.0.0/8 (a second
 * address stands for another origin). It records what reached it and counts what it wrote.
 */
export async function startHostile(
  handle: (request: IncomingMessage, response: ServerResponse, write: (chunk: string | Buffer) => boolean) => void,
  host = "127.0.0.1",
): Promise<Hostile> {
  const received: Hostile["received"] = [];
  const sockets = new Set<Socket>();
  let written = 0;
  const server = createServer((request, response) => {
    received.push({
      method: request.method ?? "",
      path: request.url ?? "",
      txcHeaders: Object.keys(request.headers).filter((name) => name.startsWith("x-txc-")),
    });
    const write = (chunk: string | Buffer) => {
      written += Buffer.byteLength(chunk);
      return response.write(chunk);
    };
    request.resume();
    handle(request, response, write);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  const markers = acceptMarkers(server, host);
  const { baseUrl, close } = await listenOnLoopback(server, { host });
  return {
    baseUrl,
    received,
    bytesWritten: () => written,
    openConnections: () => sockets.size,
    connectionsAccepted: markers.accepted,
    // A marker is closed at once: openConnections() may count it for a moment, never after.
    acceptedBeforeMarker: markers.acceptedBeforeMarker,
    close,
  };
}

/** Writes 64 KiB chunks for as long as the connection stays open. */
export function endlessBody(response: ServerResponse, write: (chunk: Buffer) => boolean) {
  const chunk = Buffer.alloc(64 * 1024, "x");
  response.writeHead(200, { "Content-Type": "application/json" });
  const pump = () => {
    while (!response.destroyed && write(chunk));
    if (!response.destroyed) response.once("drain", pump);
  };
  response.socket?.on("close", () => response.destroy());
  pump();
}

/** Writes 1 KiB every 20 ms for as long as the connection stays open: endless, and slow. */
export function tricklingBody(response: ServerResponse, write: (chunk: Buffer) => boolean) {
  response.writeHead(200, { "Content-Type": "application/json" });
  const timer = setInterval(() => (response.destroyed ? clearInterval(timer) : write(Buffer.alloc(1024, " "))), 20);
  response.socket?.on("close", () => {
    clearInterval(timer);
    response.destroy();
  });
}

/** Largest of the three numbers in /proc/sys/net/ipv4/tcp_wmem or tcp_rmem; 64 MiB where unreadable. */
function largestSocketBuffer(file: string): number {
  try {
    return Number(readFileSync(file, "utf8").trim().split(/\s+/).at(-1));
  } catch {
    return 64 * 1024 * 1024;
  }
}

/**
 * Most bytes a loopback connection can hold that nobody has read yet: the sender's socket buffer
 * and the receiver's, each at the most the kernel lets it grow to. How much of that a server fills
 * before the client closes depends on scheduling, not on the client, so a bound on what a server
 * wrote must leave this much room per connection.
 */
export const kernelBufferedBytes = () => largestSocketBuffer("/proc/sys/net/ipv4/tcp_wmem") + largestSocketBuffer("/proc/sys/net/ipv4/tcp_rmem");
