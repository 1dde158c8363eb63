// Reading a request's body and writing a reply: the sandbox's only contact with Node's HTTP objects
// besides the server itself.
import type { IncomingMessage, ServerResponse } from "node:http";
import { JsonText } from "./json-text.js";
import { errorReply, type Reply } from "./pipeline.js";

export function sendText(response: ServerResponse, status: number, text: string | Buffer, contentType: string, extraHeaders: string[] = []) {
  // Private answers are not cached, as the description says.
  // A flat list, which Node writes without walking an object's keys.
  response.writeHead(status, ["Content-Type", contentType, "Content-Length", String(Buffer.byteLength(text)), "Cache-Control", "no-store", ...extraHeaders]);
  response.end(text);
}

export const writeReply = (response: ServerResponse, { status, body }: Reply, extraHeaders?: string[]) =>
  sendText(response, status, body instanceof JsonText ? body.bytes : JSON.stringify(body), "application/json", extraHeaders);

/** An exception while answering: 500 when nothing was written yet. Its text stays inside: it is the sandbox's, nothing a client can act on. */
export function internalError(response: ServerResponse) {
  if (!response.headersSent) writeReply(response, errorReply("", 500, "Internal error."));
  else response.destroy();
}

/** Hands the body to `answer` in the turn it ends (no promise per request), or answers 413 when it is larger than allowed. */
export function readBody(request: IncomingMessage, response: ServerResponse, maxBytes: number, path: string, answer: (body: Buffer) => void): void {
  // After a 413 the connection is closed, 200 ms after the answer so that the client reads it
  // first: closing a socket with unread data sends a reset that can wipe the answer out on the
  // client's side, which a "Connection: close" answer (closed at once by Node) risks. Until
  // then Node discards what still arrives. Listeners, not for-await: leaving a for-await loop
  // early destroys the request, and the 413 with it.
  const refuse = () => {
    request.off("data", onData).off("end", onEnd);
    writeReply(response, errorReply(path, 413, `The body is larger than ${maxBytes} bytes.`));
    response.once("finish", () => setTimeout(() => request.socket.destroy(), 200).unref());
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
    } catch {
      internalError(response);
    }
  };
  if (Number(request.headers["content-length"] ?? 0) > maxBytes) return refuse();
  request.on("data", onData).on("end", onEnd).on("error", () => internalError(response));
}
