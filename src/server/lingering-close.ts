// Closing a connection without taking its last answer with it: what nginx calls a lingering close.
import type { Socket } from "node:net";

/** How long, and how many more bytes, a closing connection is read before it is cut. */
export const LINGER_MS = 2_000;
export const LINGER_BYTES = 1024 * 1024;

/**
 * Ends our side once the answer is written, then reads and drops what the client still sends
 * (the rest of a refused body), until it ends its side or LINGER_MS or LINGER_BYTES pass; then
 * the socket is destroyed. Destroying it at once, with unread bytes, would send a reset that can
 * wipe the answer out before the client reads it.
 */
export function lingeringClose(socket: Socket) {
  if (socket.destroyed) return;
  let read = 0;
  const cut = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(cut, LINGER_MS);
  timer.unref();
  socket.on("data", (chunk: Buffer) => {
    read += chunk.length;
    if (read > LINGER_BYTES) cut();
  });
  socket.once("end", cut);
  socket.once("close", () => clearTimeout(timer));
  socket.on("error", cut);
  socket.end();
  socket.resume();
}

/**
 * Makes Node close this request's connection with a lingering close: Node ends the connection of
 * an answer that says `Connection: close` with `destroySoon()`, which destroys it once our side is
 * flushed, whatever the client is still sending.
 */
export function closeLingering(socket: Socket) {
  socket.destroySoon = () => lingeringClose(socket);
}

/** A raw HTTP/1.1 answer with a JSON body that closes the connection, for a request Node could not parse. */
export const rawJsonAnswer = (status: number, reason: string, body: unknown) => {
  const text = JSON.stringify(body);
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${text}`;
};
