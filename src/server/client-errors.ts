// What Node's HTTP parser answers before any listener or framework runs (a header block over
// maxHeaderSize, bytes that are not HTTP, a request not received in time), in the document's error
// shape instead of Node's empty answers or a framework's own JSON. The path is not known yet, so
// the private error's shape is used: the package's pick.
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { privateErrorBody } from "./error-bodies.js";

const REFUSALS: Readonly<Record<string, readonly [number, string]>> = {
  HPE_HEADER_OVERFLOW: [431, "The request's headers are larger than this server reads (its maxHeaderSize)."],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "The request was not received in time."],
};
const NOT_HTTP = [400, "The request is not valid HTTP."] as const;

/** The raw HTTP/1.1 answer to a request Node could not parse, closing the connection. */
export function clientErrorAnswer(code: string | undefined): string {
  const [status, message] = (code && REFUSALS[code]) || NOT_HTTP;
  const body = JSON.stringify(privateErrorBody(status, message));
  return [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, "Content-Type: application/json", `Content-Length: ${Buffer.byteLength(body)}`, "Cache-Control: no-store", "Connection: close", "", body].join("\r\n");
}

/**
 * A `clientError` listener: `server.on("clientError", answerClientError)` for node:http and
 * Express, `clientErrorHandler: answerClientError` for Fastify, `serverOptions` for Hono's server.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // A connection the client reset has nobody to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (socket.writable) socket.end(clientErrorAnswer(error.code));
  else socket.destroy();
}
