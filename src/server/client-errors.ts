// What Node's HTTP parser refuses before any listener or framework runs (headers over the limit, a
// broken request line, a request not received in time), answered in the document's error shape
// instead of Node's empty answers or a framework's own JSON, the connection closed only once what
// the client still sends is read (lingering-close.ts): never a silent reset. The path is not known
// yet, so the private error's shape is used: the package's pick. The sandbox answers so too.
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { errorReply } from "./error-bodies.js";
import { lingeringClose, rawJsonAnswer } from "./lingering-close.js";

const REFUSALS: Readonly<Record<string, readonly [number, string]>> = {
  HPE_HEADER_OVERFLOW: [431, "The request's headers are larger than this server reads; its signing headers carry the body, which is larger than it accepts."],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "The request was not received in time."],
};
const NOT_HTTP = [400, "The request could not be read as HTTP/1.1."] as const;

/**
 * A `clientError` listener: `server.on("clientError", answerClientError)` for node:http and
 * Express, `clientErrorHandler: answerClientError` for Fastify, the server `serve()` returns for Hono.
 */
export function answerClientError(error: Error & { code?: string }, stream: Duplex): void {
  const socket = stream as Socket;
  // A connection the client reset has nobody to answer.
  if (!socket.writable || error.code === "ECONNRESET") return void socket.destroy();
  const [status, message] = (error.code && REFUSALS[error.code]) || NOT_HTTP;
  socket.write(rawJsonAnswer(status, STATUS_CODES[status]!, errorReply("", status, message).body));
  lingeringClose(socket);
}
