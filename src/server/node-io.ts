// Reading a request's body and writing a reply on Node's HTTP objects: for the kit's listener and
// the sandbox alike.
import type { IncomingMessage, ServerResponse } from "node:http";
import { bodyBytes } from "./json-text.js";
import { internalErrorReply, type Reply } from "./error-bodies.js";
import { closeLingering } from "./lingering-close.js";
import { bodyTooLarge } from "./body-limit.js";

export function sendText(response: ServerResponse, status: number, text: string | Buffer, contentType: string, extraHeaders: string[] = []) {
  // Private answers are not cached, as the description says.
  // A flat list, which Node writes without walking an object's keys.
  response.writeHead(status, ["Content-Type", contentType, "Content-Length", String(Buffer.byteLength(text)), "Cache-Control", "no-store", ...extraHeaders]);
  response.end(text);
}

export const writeReply = (response: ServerResponse, { status, body, headers }: Reply, extraHeaders?: string[]) =>
  sendText(response, status, bodyBytes(body), "application/json", headers ? [...(extraHeaders ?? []), ...Object.entries(headers).flat()] : extraHeaders);

/** Where a server says what went wrong inside it: stderr by default, or the caller's logger. */
export type LineLogger = (message: string) => void;
export const stderrLogger: LineLogger = (message) => process.stderr.write(`${message}\n`);

/**
 * An exception while answering: 500 when nothing was written yet, and the exception told once,
 * with its stack, to the logger (a stale build or a bug must not pass unseen). The client gets no
 * detail: the text is the server's, nothing a client can act on.
 */
export function internalError(response: ServerResponse, error: unknown, log: LineLogger, source = "txc-api sandbox") {
  const request = response.req;
  log(`${source}: ${request?.method ?? ""} ${request?.url?.split("?")[0] ?? ""} failed with 500: ${(error as Error)?.stack ?? String(error)}`);
  if (!response.headersSent) writeReply(response, internalErrorReply(""));
  else response.destroy();
}

/**
 * Hands the body to `answer` in the turn it ends (no promise per request), or answers 413 when it
 * is larger than allowed. An exception of `answer` is a 500, told to `log`.
 */
export function readBody(request: IncomingMessage, response: ServerResponse, maxBytes: number, path: string, answer: (body: Buffer) => void, log: LineLogger, source?: string): void {
  // A 413 says Connection: close, so that no client sends another request on this connection,
  // and the connection is closed only once the client has sent the rest of its body or a bound
  // passed (lingering-close.ts). Listeners, not for-await: leaving a for-await loop early
  // destroys the request, and the 413 with it.
  const refuse = () => {
    request.off("data", onData).off("end", onEnd);
    request.resume();
    closeLingering(request.socket);
    writeReply(response, bodyTooLarge(path, maxBytes), ["Connection", "close"]);
  };
  const chunks: Buffer[] = [];
  let size = 0;
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes) return refuse();
    chunks.push(chunk);
  };
  const onEnd = () => {
    try {
      answer(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    } catch (error) {
      internalError(response, error, log, source);
    }
  };
  if (Number(request.headers["content-length"] ?? 0) > maxBytes) return refuse();
  // An aborted upload is the client's doing: nothing to answer, nothing to tell.
  request.on("data", onData).on("end", onEnd).on("error", () => response.destroy());
}
