// txc-api/server/express: the kit inside Express 5 (or Connect). The middleware answers the API's
// prefix with the kit, reading the body itself so that the signature is checked over the bytes as
// sent, with the path and client address Express resolved (its mount point and `trust proxy`).
import type { IncomingMessage, ServerResponse } from "node:http";
import { pathPrefixes } from "../../generated/operations.js";
import type { ApiHandler } from "./api-handler-types.js";
import { internalErrorReply } from "./error-bodies.js";
import { writeReply } from "./node-io.js";
import { targetPath } from "./routes.js";

/** What the middleware reads of Express's request: Node's, with what Express adds. */
export type ExpressRequest = IncomingMessage & { originalUrl?: string; ip?: string | undefined; body?: unknown; _body?: boolean };
export type Next = (error?: unknown) => void;
export type Middleware = (request: ExpressRequest, response: ServerResponse, next: Next) => void;

/** The path as sent: Express's mount point leaves it whole in originalUrl. */
const pathOf = (request: ExpressRequest) => targetPath(request.originalUrl ?? request.url ?? "/");
const isApiPath = (path: string) => path.startsWith(pathPrefixes.api) || path === pathPrefixes.api.slice(0, -1);

/** A body parser ran first: the bytes that were signed are gone (unless express.raw() kept them). */
const PARSED_FIRST = "the request body was read by a body parser before txcApi (express.json() or another, mounted on the API's paths): mount txcApi before any body parser, or body parsers on your other routes only";

function answer(api: ApiHandler, request: ExpressRequest, response: ServerResponse, path: string) {
  if (!request._body && !request.readableEnded) return api.respond(request, response, { path, address: request.ip });
  if (!(request.body instanceof Uint8Array)) {
    process.stderr.write(`txc-api server: ${request.method} ${path} failed with 500: ${PARSED_FIRST}\n`);
    return writeReply(response, internalErrorReply(path));
  }
  // express.raw() kept the bytes: the kit checks them as they are.
  api.handle({ method: request.method ?? "", path, headers: request.headers, rawBody: request.body, address: request.ip }).then(
    ({ status, headers, body }) => response.writeHead(status, headers).end(body),
    () => writeReply(response, internalErrorReply(path)),
  );
}

/**
 * The middleware: `app.use(txcApi(api))`, before any body parser. Requests under the API's prefix
 * are answered by the kit (a body over `maxBodyBytes` is the document-shaped 413); others go on
 * to the app's next middleware.
 */
export function txcApi(api: ApiHandler): Middleware {
  return (request, response, next) => {
    const path = pathOf(request);
    if (!isApiPath(path)) return next();
    answer(api, request, response, path);
  };
}

/**
 * The document's 404 for a path no route of the app answered, instead of Express's HTML page:
 * `app.use(txcApiNotFound(api))` after the app's routes.
 */
export function txcApiNotFound(api: ApiHandler): Middleware {
  return (request, response) => api.respond(request, response, { path: pathOf(request), address: request.ip });
}
