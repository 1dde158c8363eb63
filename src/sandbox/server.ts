// The sandbox's HTTP server: the site's pages (site.ts), else the API (api-calls.ts), over one
// session that a reset replaces whole.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Dataset } from "../../generated/dataset.js";
import { SandboxSession } from "./session.js";
import { DOCUMENTED_SANDBOX } from "./docs-page.js";
import { closingResponses } from "./shutdown.js";
import { CallLog } from "./call-log.js";
import { FaultQueue } from "./faults.js";
import { internalError, stderrLogger, type LineLogger } from "../server/node-io.js";
import type { ApiLogger } from "../server/pipeline.js";
import { answerClientError } from "../server/client-errors.js";
import { DEFAULT_MAX_BODY_BYTES, signingHeadersFor } from "../server/body-limit.js";
import { targetPath } from "../server/routes.js";
import { siteHandler } from "./site.js";
import { apiHandler } from "./api-calls.js";

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
  /** Refuse nonces further than this from the clock, read as Unix milliseconds (off by default). */
  nonceMaxAgeMs?: number;
  /** Where each API request is recorded (served at GET /sandbox/calls, cleared by the reset). */
  calls?: CallLog;
  /** The faults to apply (added with POST /sandbox/faults too, cleared by the reset). */
  faults?: FaultQueue;
  /** Filled in by createSandbox: what the in-process handle calls. */
  controls?: SandboxControls;
  /** Where an exception inside the sandbox is told, with its stack (default stderr). */
  log?: LineLogger;
};

/** What createSandbox lets its caller do besides serving: reset as POST /sandbox/reset does. */
export type SandboxControls = { reset?: () => void };

/** The sandbox: docs at `/`, the document at `/openapi.json`, the API under its root path. */
export function createSandbox({
  dataset, docsFile, documentFile, maxBodyBytes = DEFAULT_MAX_BODY_BYTES, rateLimits = true, nonceMaxAgeMs, calls = new CallLog(), faults = new FaultQueue(), controls = {}, log = stderrLogger,
}: SandboxOptions): Server {
  // The kit tells of a handler that threw or a store that failed; the sandbox says it on its own log.
  const apiLog: ApiLogger = ({ message }) => log(`txc-api sandbox: ${message}`);
  let session = new SandboxSession(dataset, { rateLimits, nonceMaxAgeMs, log: apiLog });
  controls.reset = () => {
    session = new SandboxSession(dataset, { rateLimits, nonceMaxAgeMs, log: apiLog });
    calls.clear();
    faults.clear();
  };
  const serveSite = siteHandler({ docsFile, documentFile, calls, faults, maxBodyBytes, log, reset: controls.reset, boundOrigin: () => boundOrigin() });
  const serveApi = apiHandler({ session: () => session, calls, faults, maxBodyBytes, log });

  /** The site's pages, else the API. */
  function handleRequest(request: IncomingMessage, response: ServerResponse) {
    // The target as sent, not normalised: `//other/api/v4/...` or `/x/../api/v4/...` is no route.
    const path = targetPath(request.url ?? "/");
    if (!serveSite(request, response, path)) serveApi(request, response, path);
  }

  const boundOrigin = () => {
    const address = server.address();
    if (!address || typeof address === "string") return DOCUMENTED_SANDBOX;
    return `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;
  };

  // Once shutting down, every answer closes its connection (closingResponses). The header limit
  // holds the signing headers of the largest body accepted (its base64 is a third larger), so
  // that an oversized body is a 413 the client reads, not a parse error.
  const server: Server = createServer({ ServerResponse: closingResponses(() => server), maxHeaderSize: signingHeadersFor(maxBodyBytes) }, (request, response) => {
    try {
      handleRequest(request, response);
    } catch (error) {
      internalError(response, error, log);
    }
  });
  server.on("clientError", answerClientError);
  return server;
}
