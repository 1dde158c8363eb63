import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { operationIndex, pathPrefixes } from "../../generated/operations.js";
import type { Dataset } from "./dataset.js";
import type { PrivateOperationId } from "./handlers.js";
import { JsonText } from "./json-text.js";
import { answerPrivate, errorReply, rateLimit, route, SandboxSession, type Reply } from "./pipeline.js";
import { StaticFile } from "./static-file.js";
import { DOCUMENTED_SANDBOX, docsFor, documentFor, requestOrigin } from "./docs-page.js";
import { closingResponses } from "./shutdown.js";
import { CallLog } from "./call-log.js";
import { FaultQueue, FaultSpecError, type FaultSpec } from "./faults.js";
import { API_KEY_HEADER } from "../signing/sign.js";

const API_KEY = API_KEY_HEADER.toLowerCase();

export type SandboxOptions = {
  dataset: Dataset;
  /** The rendered docs served at `/`. */
  docsFile: string;
  /** The bundled document served at `/openapi.json`. */
  documentFile: string;
  /** Largest body accepted; larger ones are answered 413. */
  maxBodyBytes?: number;
  /** Enforce the documented rate limits (default true); off for load tests of one's own code. */
  rateLimits?: boolean;
  /** Serialise each page of records once (default true); off only to measure what that saves. */
  cachePages?: boolean;
  /** Where each API request is recorded (served at GET /sandbox/calls, cleared by the reset). */
  calls?: CallLog;
  /** The faults to apply (added with POST /sandbox/faults too, cleared by the reset). */
  faults?: FaultQueue;
  /** Filled in by createSandbox: what the in-process handle calls. */
  controls?: SandboxControls;
};

/** What createSandbox lets its caller do besides serving: reset as POST /sandbox/reset does. */
export type SandboxControls = { reset?: () => void };

function sendText(response: ServerResponse, status: number, text: string | Buffer, contentType: string, extraHeaders: string[] = []) {
  // Private answers are not cached, as the description says.
  // A flat list, which Node writes without walking an object's keys.
  response.writeHead(status, ["Content-Type", contentType, "Content-Length", String(Buffer.byteLength(text)), "Cache-Control", "no-store", ...extraHeaders]);
  response.end(text);
}

const writeReply = (response: ServerResponse, { status, body }: Reply, extraHeaders?: string[]) =>
  sendText(response, status, body instanceof JsonText ? body.bytes : JSON.stringify(body), "application/json", extraHeaders);

/** The answer a status fault gives: the document's error body for the path's kind. */
const FAULT_MESSAGES: Record<number, string> = { 400: "Validation failed", 401: "Unauthorized.", 403: "Forbidden.", 404: "Not found.", 429: "Too many requests.", 500: "Internal error." };
const faultReply = (path: string, status: number): Reply => errorReply(path, status, FAULT_MESSAGES[status] ?? `Error ${status} (a fault of the sandbox).`);

/** An exception while answering: 500 when nothing was written yet. Its text stays inside: it is the sandbox's, nothing a client can act on. */
function internalError(response: ServerResponse) {
  if (!response.headersSent) writeReply(response, errorReply("", 500, "Internal error."));
  else response.destroy();
}

/** Hands the body to `answer` in the turn it ends (no promise per request), or answers 413 when it is larger than allowed. */
function readBody(request: IncomingMessage, response: ServerResponse, maxBytes: number, path: string, answer: (body: Buffer) => void): void {
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

/** What `GET` of the API's root path answers: where the docs and the document are, and every operation. */
function apiIndex(origin: string) {
  return {
    docs: `${origin}/`,
    document: `${origin}/openapi.json`,
    operations: Object.entries(operationIndex).map(([operationId, op]) => ({ operationId, method: op.method, path: op.path, signed: op.signed })),
  };
}

/**
 * A reset comes from a JSON POST of the same origin: a page elsewhere can send a simple
 * cross-site POST, but not one with a JSON Content-Type or a foreign Origin.
 */
function controlRefusal(request: IncomingMessage, what: string): string | undefined {
  if (!/^application\/json\b/i.test(request.headers["content-type"] ?? "")) return `${what} with a POST whose Content-Type is application/json.`;
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://${request.headers.host}`) return `${what} is refused from another origin.`;
  return undefined;
}

/** A fault that stops the request before the API's steps: a status answered, or the connection closed. Nothing acts on it. */
function applyFault(fault: FaultSpec, path: string, request: IncomingMessage, response: ServerResponse, record: (status: number, rawBody?: Buffer) => void) {
  const finish = (rawBody?: Buffer) => {
    if (fault.drop === "before") return (record(0, rawBody), request.socket.destroy());
    record(fault.status!, rawBody);
    writeReply(response, faultReply(path, fault.status!), fault.retryAfterSeconds === undefined ? [] : ["Retry-After", String(fault.retryAfterSeconds)]);
  };
  if (request.method === "GET") return finish();
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.length < 64 && chunks.push(chunk)).on("end", () => finish(Buffer.concat(chunks))).on("error", () => request.socket.destroy());
}

/** The sandbox: docs at `/`, the document at `/openapi.json`, the API under its root path. */
export function createSandbox({
  dataset, docsFile, documentFile, maxBodyBytes = 8 * 1024, rateLimits = true, cachePages = true, calls = new CallLog(), faults = new FaultQueue(), controls = {},
}: SandboxOptions): Server {
  let session = new SandboxSession(dataset, cachePages);
  controls.reset = () => {
    session = new SandboxSession(dataset, cachePages);
    calls.clear();
    faults.clear();
  };
  const docs = new StaticFile(docsFile, "text/html; charset=utf-8", docsFor);
  const document = new StaticFile(documentFile, "application/json", documentFor);

  /** The sandbox's own pages: the docs, the document, the API index and the reset. */
  function serveSite(request: IncomingMessage, response: ServerResponse, path: string): boolean {
    if (path.length > pathPrefixes.api.length && path.startsWith(pathPrefixes.api)) return false; // an API call: the common case first
    const origin = () => requestOrigin(request.headers.host, boundOrigin());
    const serveFile = (file: StaticFile, notBuilt: string) => {
      file.serve(request, response, origin()).then(
        (served) => served || sendText(response, 404, notBuilt, "text/plain"),
        () => response.destroy(),
      );
    };
    // HEAD as GET: Node's server sends the head alone.
    const reading = request.method === "GET" || request.method === "HEAD";
    if (reading && path === "/") {
      serveFile(docs, "The docs are not built: run npm run docs.\n");
    } else if (reading && path === "/openapi.json") {
      serveFile(document, "The document is not built: run npm run build.\n");
    } else if (request.method === "GET" && (path === pathPrefixes.api || path === pathPrefixes.api.slice(0, -1))) {
      writeReply(response, { status: 200, body: apiIndex(origin()) });
    } else if (request.method === "GET" && path === "/sandbox/calls") {
      writeReply(response, { status: 200, body: calls.list() });
    } else if (request.method === "GET" && path === "/sandbox/faults") {
      writeReply(response, { status: 200, body: faults.list() });
    } else if (request.method === "POST" && path === "/sandbox/faults") {
      const refused = controlRefusal(request, "Faults are added");
      if (refused) writeReply(response, errorReply(path, 403, refused));
      else readBody(request, response, maxBodyBytes, path, (raw) => writeReply(response, addFaults(raw)));
    } else if (request.method === "POST" && path === "/sandbox/reset") {
      const refused = controlRefusal(request, "Reset");
      if (!refused) controls.reset!();
      writeReply(response, refused ? errorReply(path, 403, refused) : { status: 200, body: { reset: true } });
    } else {
      return false;
    }
    return true;
  }

  /** A fault spec, or a list of them, as JSON: all added, or none with a 400 naming the field. */
  function addFaults(raw: Buffer): Reply {
    let specs: unknown;
    try {
      specs = JSON.parse(raw.toString("utf8"));
    } catch {
      return { status: 400, body: { message: "The body is not JSON: send a fault object or an array of them." } };
    }
    const list = Array.isArray(specs) ? specs : [specs];
    const staged = new FaultQueue();
    try {
      for (const spec of list) staged.add(spec);
    } catch (error) {
      if (error instanceof FaultSpecError) return { status: 400, body: { message: error.message } };
      throw error;
    }
    for (const spec of staged.list()) faults.add(spec);
    return { status: 200, body: faults.list() };
  }

  /** The HTTP adapter: the site's pages, else the API's steps (pipeline.ts) with the body read once routed. */
  function handleRequest(request: IncomingMessage, response: ServerResponse) {
    // The target as sent, not normalised: `//other/api/v4/...` or `/x/../api/v4/...` is no route.
    const target = request.url ?? "/";
    const query = target.indexOf("?");
    const path = query < 0 ? target : target.slice(0, query);
    if (serveSite(request, response, path)) return;
    const operationId = route(request.method ?? "", path);
    const apiKey = request.headers[API_KEY] as string | undefined;
    const at = Date.now();
    const fault = typeof operationId === "string" ? faults.take(operationId) : undefined;
    const record = (status: number, rawBody?: Buffer) =>
      calls.record({ operationId: typeof operationId === "string" ? operationId : null, method: request.method ?? "", path, rawBody, apiKey, status, ...(fault ? { fault } : {}), at });
    const answer = (reply: Reply, rawBody?: Buffer) => {
      if (fault?.drop === "after") return (record(0, rawBody), request.socket.destroy());
      record(reply.status, rawBody);
      if (fault?.delayMs !== undefined) setTimeout(() => !response.destroyed && writeReply(response, reply), fault.delayMs).unref();
      else writeReply(response, reply);
    };
    if (typeof operationId !== "string") return answer(operationId);
    if (fault && (fault.status !== undefined || fault.drop === "before")) return applyFault(fault, path, request, response, record);
    const limited = rateLimits ? rateLimit(session, operationId, request.socket.remoteAddress ?? "unknown") : undefined;
    if (limited) return answer(limited);
    if (!operationIndex[operationId].signed) return answer({ status: 200, body: operationIndex[operationId].publicAnswer });
    readBody(request, response, maxBodyBytes, path, (rawBody) => answer(answerPrivate(session, operationId as PrivateOperationId, request.headers, rawBody), rawBody));
  }

  const boundOrigin = () => {
    const address = server.address();
    if (!address || typeof address === "string") return DOCUMENTED_SANDBOX;
    return `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;
  };

  // Once shutting down, every answer closes its connection (closingResponses).
  const server: Server = createServer({ ServerResponse: closingResponses(() => server) }, (request, response) => {
    try {
      handleRequest(request, response);
    } catch {
      internalError(response);
    }
  });
  return server;
}
