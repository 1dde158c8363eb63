// A request Node cannot parse (headers over the limit, a broken request line) gets a JSON answer
// that closes the connection, read to its end first (lingering-close.ts): never a silent reset.
import type { Duplex } from "node:stream";
import type { Socket } from "node:net";
import { lingeringClose, rawJsonAnswer } from "../server/lingering-close.js";
import { errorReply } from "../server/error-bodies.js";

/** Node's `clientError`: 431 for headers over the limit, 400 for the rest, in the private error format. */
export function answerUnparsable(error: Error & { code?: string }, stream: Duplex) {
  const socket = stream as Socket;
  if (!socket.writable || error.code === "ECONNRESET") return socket.destroy();
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const { status, body } = tooLarge
    ? errorReply("", 431, "The request's headers are larger than this server reads; its signing headers carry the body, which is larger than it accepts.")
    : errorReply("", 400, "The request could not be read as HTTP/1.1.");
  socket.write(rawJsonAnswer(status, tooLarge ? "Request Header Fields Too Large" : "Bad Request", body));
  lingeringClose(socket);
}
