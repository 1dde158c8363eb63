// The sandbox's own pages beside the API: the docs, the document, the API index, the call log,
// the faults and the reset.
import type { IncomingMessage, ServerResponse } from "node:http";
import nodePath from "node:path";
import { operationIndex, pathPrefixes } from "../../generated/operations.js";
import type { CallLog } from "./call-log.js";
import { docsFor, documentFor, requestOrigin } from "./docs-page.js";
import { FaultQueue, FaultSpecError } from "./faults.js";
import { readBody, sendText, writeReply, type LineLogger } from "../server/node-io.js";
import { errorReply, type Reply } from "../server/error-bodies.js";
import { StaticFile } from "./static-file.js";

export type SiteSetup = {
  docsFile: string;
  documentFile: string;
  calls: CallLog;
  faults: FaultQueue;
  maxBodyBytes: number;
  log: LineLogger;
  reset: () => void;
  /** Where the server listens, for links when a request names no host. */
  boundOrigin: () => string;
};

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

/** A fault spec, or a list of them, as JSON: all added, or none with a 400 naming the field. */
function addFaults(faults: FaultQueue, raw: Buffer): Reply {
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


/**
 * A browser asking for a path the site does not have: one of the docs page's own routes (its
 * sidebar and heading links, `/section/...` and `/<tag>`, opened in a new tab, reloaded or pasted).
 * The page is answered, and it goes to that route (or says it has none). Any other client still
 * gets the JSON 404.
 */
const isPageRoute = (request: IncomingMessage, path: string) =>
  /\btext\/html\b/.test(request.headers.accept ?? "") && !path.startsWith("/sandbox/") && !path.startsWith(pathPrefixes.api) && path !== "/openapi.json" && path !== "/postman-collection.json";

/** Answers the site's requests: `serve` tells whether it answered (false: a request of the API). */
export function siteHandler({ docsFile, documentFile, calls, faults, maxBodyBytes, log, reset, boundOrigin }: SiteSetup) {
  const docs = new StaticFile(docsFile, "text/html; charset=utf-8", docsFor);
  const document = new StaticFile(documentFile, "application/json", documentFor);
  // Generated beside the document; its baseUrl names the sandbox serving it, as the document's servers do.
  const collection = new StaticFile(nodePath.join(nodePath.dirname(documentFile), "postman-collection.json"), "application/json", docsFor);

  /** The sandbox's own pages: the docs, the document, the API index and the reset. */
  return function serve(request: IncomingMessage, response: ServerResponse, path: string): boolean {
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
    if (reading && (path === "/" || isPageRoute(request, path))) {
      serveFile(docs, "The docs are not built: run npm run docs.\n");
    } else if (reading && path === "/openapi.json") {
      serveFile(document, "The document is not built: run npm run build.\n");
    } else if (reading && path === "/postman-collection.json") {
      serveFile(collection, "The Postman collection is not generated: run npm run generate.\n");
    } else if (request.method === "GET" && (path === pathPrefixes.api || path === pathPrefixes.api.slice(0, -1))) {
      writeReply(response, { status: 200, body: apiIndex(origin()) });
    } else if (request.method === "GET" && path === "/sandbox/calls") {
      writeReply(response, { status: 200, body: calls.list() });
    } else if (request.method === "GET" && path === "/sandbox/faults") {
      writeReply(response, { status: 200, body: faults.list() });
    } else if (request.method === "POST" && path === "/sandbox/faults") {
      const refused = controlRefusal(request, "Faults are added");
      if (refused) writeReply(response, errorReply(path, 403, refused));
      else readBody(request, response, maxBodyBytes, path, (raw) => writeReply(response, addFaults(faults, raw)), log);
    } else if (request.method === "POST" && path === "/sandbox/reset") {
      const refused = controlRefusal(request, "Reset");
      if (!refused) reset();
      writeReply(response, refused ? errorReply(path, 403, refused) : { status: 200, body: { reset: true } });
    } else {
      return false;
    }
    return true;
  };
}
