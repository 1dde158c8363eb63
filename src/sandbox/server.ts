import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { operations } from "../../generated/operations.js";
import { validationIssues } from "../validation/issues.js";
import { requestValidator } from "../validation/lookup.js";
import { authenticate } from "./auth.js";
import type { Dataset } from "./dataset.js";
import { handlers } from "./handlers.js";
import { ServerRateLimits } from "./rate-limits.js";
import { privateError, Refusal } from "./refusal.js";
import { JsonText } from "./json-text.js";
import { SandboxState } from "./state.js";
import { StaticFile } from "./static-file.js";
import { DOCUMENTED_SANDBOX, docsFor, requestOrigin } from "./docs-page.js";
import { trackAnswers } from "./shutdown.js";

type OperationId = keyof typeof operations;

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
};

const routes = new Map(Object.entries(operations).map(([id, op]) => [`${op.method} ${op.path}`, id as OperationId]));
const isPublic = (path: string) => path.startsWith("/api/v4/public/");

function sendText(response: ServerResponse, status: number, text: string | Buffer, contentType: string) {
  // Private answers are not cached, as the description says.
  response.writeHead(status, { "Content-Type": contentType, "Content-Length": Buffer.byteLength(text), "Cache-Control": "no-store" });
  response.end(text);
}

const send = (response: ServerResponse, status: number, body: unknown) =>
  sendText(response, status, body instanceof JsonText ? body.bytes : JSON.stringify(body), "application/json");

function sendError(response: ServerResponse, path: string, status: number, message: string, errors: Record<string, string[]> = {}) {
  send(response, status, isPublic(path) ? { success: false, message, params: [] } : privateError(status, message, errors));
}

/** Reads the body, or returns null after answering 413 when it is larger than allowed. */
function readBody(request: IncomingMessage, response: ServerResponse, maxBytes: number, path: string): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    // After a 413 the connection is closed, 200 ms after the answer so that the client reads it
    // first: closing a socket with unread data sends a reset that can wipe the answer out on the
    // client's side, which a "Connection: close" answer (closed at once by Node) risks. Until
    // then Node discards what still arrives. Listeners, not for-await: leaving a for-await loop
    // early destroys the request, and the 413 with it.
    const refuse = () => {
      request.off("data", onData).off("end", onEnd);
      sendError(response, path, 413, `The body is larger than ${maxBytes} bytes.`);
      response.once("finish", () => setTimeout(() => request.socket.destroy(), 200).unref());
      resolve(null);
    };
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return refuse();
      chunks.push(chunk);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    if (Number(request.headers["content-length"] ?? 0) > maxBytes) return refuse();
    request.on("data", onData).on("end", onEnd).on("error", reject);
  });
}

/** Messages by top-level field; a Map, so that a field named `constructor` or `__proto__` is just a name. */
function errorsByField(errors: Parameters<typeof validationIssues>[0]): Record<string, string[]> {
  const byField = new Map<string, string[]>();
  for (const issue of validationIssues(errors)) {
    const field = issue.field.split(/[.[]/)[0];
    byField.set(field, [...(byField.get(field) ?? []), issue.message]);
  }
  return Object.fromEntries(byField);
}

/** What `GET /api/v4/` answers: where the docs and the document are, and every operation. */
function apiIndex(origin: string) {
  return {
    docs: `${origin}/`,
    document: `${origin}/openapi.json`,
    operations: Object.entries(operations).map(([operationId, op]) => ({ operationId, method: op.method, path: op.path, signed: op.signed })),
  };
}

/**
 * A reset comes from a JSON POST of the same origin: a page elsewhere can send a simple
 * cross-site POST, but not one with a JSON Content-Type or a foreign Origin.
 */
function resetRefusal(request: IncomingMessage): string | undefined {
  if (!/^application\/json\b/i.test(request.headers["content-type"] ?? "")) return "Reset with a POST whose Content-Type is application/json.";
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://${request.headers.host}`) return "Reset is refused from another origin.";
  return undefined;
}

/** The sandbox: docs at `/`, the document at `/openapi.json`, the API under `/api/v4/`. */
export function createSandbox({ dataset, docsFile, documentFile, maxBodyBytes = 8 * 1024, rateLimits = true, cachePages = true }: SandboxOptions): Server {
  let state = new SandboxState(dataset, cachePages);
  let lastNonce = new Map<string, bigint>();
  let limits = new ServerRateLimits();
  const docs = new StaticFile(docsFile, "text/html; charset=utf-8", docsFor);
  const document = new StaticFile(documentFile, "application/json");

  async function handle(request: IncomingMessage, response: ServerResponse) {
    // Once shutting down, every answer closes its connection, so no keep-alive request is cut.
    if (!server.listening) response.setHeader("Connection", "close");
    // The target as sent, not normalised: `//other/api/v4/...` or `/x/../api/v4/...` is no route.
    const path = (request.url ?? "/").split("?")[0];
    const origin = () => requestOrigin(request.headers.host, boundOrigin());
    if (request.method === "GET" && path === "/") {
      if (!docs.serve(request, response, origin())) sendText(response, 404, "The docs are not built: run npm run docs.\n", "text/plain");
      return;
    }
    if (request.method === "GET" && path === "/openapi.json") {
      if (!document.serve(request, response, origin())) sendText(response, 404, "The document is not built: run npm run build.\n", "text/plain");
      return;
    }
    if (request.method === "GET" && (path === "/api/v4/" || path === "/api/v4")) return send(response, 200, apiIndex(origin()));
    if (request.method === "POST" && path === "/sandbox/reset") {
      const refused = resetRefusal(request);
      if (refused) return sendError(response, path, 403, refused);
      state = new SandboxState(dataset, cachePages);
      lastNonce = new Map();
      limits = new ServerRateLimits();
      return send(response, 200, { reset: true });
    }
    const operationId = routes.get(`${request.method} ${path}`);
    if (!operationId) return sendError(response, path, 404, `No endpoint ${request.method} ${path}.`);
    if (rateLimits && !limits.admit(operationId, request.socket.remoteAddress ?? "unknown")) return sendError(response, path, 429, "Rate limit exceeded.");
    if (!operations[operationId].signed) return send(response, 200, ["pong"]);

    const rawBody = await readBody(request, response, maxBodyBytes, path);
    if (!rawBody) return;
    const auth = authenticate(state, lastNonce, request.headers, rawBody, path);
    if ("failure" in auth) {
      return sendError(response, path, auth.status, auth.failure, auth.field === undefined ? {} : Object.fromEntries([[auth.field, [auth.failure]]]));
    }
    const validate = requestValidator(operationId)!;
    if (!validate(auth.body)) return sendError(response, path, 400, "Validation failed", errorsByField(validate.errors));
    if (operations[operationId].businessPartnerOnly && !auth.account.businessPartner) {
      return sendError(response, path, 403, "This endpoint is available only to business-partner services.");
    }
    try {
      const body = { ...operations[operationId].requestDefaults, ...auth.body };
      const answer = handlers[operationId](state, auth.account, body);
      // A nonce is used up only by a request that succeeded: every refusal leaves it free.
      if (auth.nonce !== undefined) lastNonce.set(auth.apiKey, auth.nonce);
      return send(response, 200, answer);
    } catch (error) {
      if (error instanceof Refusal) return sendError(response, path, error.status, error.message, error.errors);
      throw error;
    }
  }

  const boundOrigin = () => {
    const address = server.address();
    if (!address || typeof address === "string") return DOCUMENTED_SANDBOX;
    return `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      // The cause stays inside: its text is the sandbox's, not something a client can act on.
      if (!response.headersSent) sendError(response, "", 500, "Internal error.");
      else response.destroy();
    });
  });
  trackAnswers(server);
  return server;
}
