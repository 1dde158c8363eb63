// createApiHandler: the kit's pipeline behind a node:http listener and a Fetch-API handler.
import { operationIds } from "../../generated/operations.js";
import { closest } from "../text/closest.js";
import { bodyBytes, JSON_HEADERS } from "./json-text.js";
import { internalErrorReply, type Reply } from "./error-bodies.js";
import { answerNodeRequest } from "./node-adapter.js";
import { ApiPipeline, isAdmitted, stderrApiLogger, type ApiLogger, type ApiPipelineOptions } from "./pipeline.js";
import { notImplemented, type Handlers } from "./handler-types.js";
import { isPrivateOperation, targetPath } from "./routes.js";
import { bodyTooLarge, DEFAULT_MAX_BODY_BYTES, signingHeadersFor } from "./body-limit.js";
import { isNonceMaxAge, NONCE_MAX_AGE_RULE, type KeyRecord } from "./verify.js";
import type { ApiHandler } from "./api-handler-types.js";
import { oncePerProblem } from "../validation/once-per.js";

export type ApiHandlerOptions<Key extends KeyRecord = KeyRecord> = ApiPipelineOptions<Key> & {
  /**
   * Largest request body read; a larger one is answered 413 (default 8 KiB, whose signing headers
   * fit Node's default header limit; the description states no limit). Above it, start the server
   * with `maxHeaderSize: api.maxHeaderSize`: the body travels in base64 in X-TXC-PAYLOAD too.
   */
  maxBodyBytes?: number;
};

/** A mistake in createApiHandler's options; the message names the option and the rule. */
export class ApiHandlerSetupError extends Error {
  override name = "ApiHandlerSetupError";
}


/**
 * The handlers checked: a name that is no operation is refused (a typo), as is a value that is no
 * handler. A missing operation does not compile in TypeScript; at run time (JavaScript, or a
 * package upgraded to a version with a new operation) it is warned about once and answers the
 * documented 404, as `notImplemented` does, so that a compatible upgrade never stops a server.
 */
function checkHandlers<Key extends KeyRecord>(handlers: unknown, log: ApiLogger): Handlers<Key> {
  if (!handlers || typeof handlers !== "object") throw new ApiHandlerSetupError("handlers is required: an object with a handler (or notImplemented) for each operation");
  const given = handlers as Record<string, unknown>;
  for (const name of Object.keys(given)) {
    if ((operationIds as readonly string[]).includes(name)) continue;
    const meant = closest(name, operationIds);
    throw new ApiHandlerSetupError(`handlers.${name} is not an operation of the document${meant ? `: did you mean ${meant}?` : ""} (the operations: ${operationIds.join(", ")})`);
  }
  const checked: Record<string, unknown> = { ...given };
  for (const id of operationIds) {
    const handler = given[id];
    if (handler === undefined && !isPrivateOperation(id)) continue;
    if (handler === undefined) {
      log({ level: "warn", event: "handler-missing", operationId: id, message: `handlers.${id} is missing: it answers 404, not implemented (give a function answering its 200 body or apiError(...), or notImplemented)` });
      checked[id] = notImplemented;
    } else if (typeof handler !== "function" && handler !== notImplemented) {
      throw new ApiHandlerSetupError(`handlers.${id} is a ${typeof handler}: give a function answering its 200 body or apiError(...), or notImplemented`);
    }
  }
  return checked as Handlers<Key>;
}

async function readFetchBody(request: Request, maxBytes: number): Promise<Buffer | undefined> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) return undefined;
  if (!request.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) return undefined;
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  return Buffer.concat(chunks);
}


const fetchResponse = ({ status, body, headers }: Reply) => {
  const bytes = bodyBytes(body);
  return new Response(typeof bytes === "string" ? bytes : new Uint8Array(bytes) as Uint8Array<ArrayBuffer>, { status, headers: Object.assign({}, JSON_HEADERS, headers) });
};

/**
 * The API from the document: routing, the signature and nonce checks on the raw bytes, the
 * partner-only 403, request validation (the documented 400 keyed by field), the documented rate
 * limits and every error body; a handler is reached only by a request that passed all of them.
 */
export function createApiHandler<Key extends KeyRecord = KeyRecord>(options: ApiHandlerOptions<Key>): ApiHandler {
  if (!options || typeof options.keys !== "function") throw new ApiHandlerSetupError("keys is required: (apiKey) => ({ secret, partner? }) or undefined for a key the server does not have");
  const log = options.log ?? stderrApiLogger;
  const handlers = checkHandlers<Key>(options.handlers, log);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1) throw new ApiHandlerSetupError(`maxBodyBytes must be a positive integer (got ${String(options.maxBodyBytes)})`);
  const responseValidation = options.responseValidation ?? "throw";
  if (!["throw", "warn", "off"].includes(responseValidation)) throw new ApiHandlerSetupError(`responseValidation must be "throw", "warn" or "off" (got ${JSON.stringify(responseValidation)})`);
  const { nonceMaxAgeMs } = options;
  if (nonceMaxAgeMs !== undefined && !isNonceMaxAge(nonceMaxAgeMs)) throw new ApiHandlerSetupError(`nonceMaxAgeMs must be ${NONCE_MAX_AGE_RULE} (got ${String(nonceMaxAgeMs)})`);
  const oncePerRule = oncePerProblem(options.oncePer);
  if (oncePerRule) throw new ApiHandlerSetupError(`oncePer ${oncePerRule}`);
  if (options.wasSpent !== undefined && typeof options.wasSpent !== "function") throw new ApiHandlerSetupError(`wasSpent must be a function ({ operationId, value, fields, token }) => boolean, answered from your ledger (got ${typeof options.wasSpent})`);
  if (options.claimLeaseMs !== undefined && !(Number.isSafeInteger(options.claimLeaseMs) && options.claimLeaseMs > 0)) throw new ApiHandlerSetupError(`claimLeaseMs must be a positive whole number of milliseconds, longer than any handler takes (got ${String(options.claimLeaseMs)})`);
  const pipeline = new ApiPipeline(Object.assign({}, options, { handlers }));
  const lineLog = (message: string) => log({ level: "error", event: "handler-failed", message });

  const nodeSetup = { maxBodyBytes, log: lineLog, source: "txc-api server" };
  const respond: ApiHandler["respond"] = (request, response, at) => answerNodeRequest(pipeline, request, response, at, nodeSetup);

  return {
    maxHeaderSize: signingHeadersFor(maxBodyBytes),
    maxBodyBytes,
    async handle({ method, path, headers, rawBody, address = "unknown" }) {
      let reply: Reply;
      try {
        // A framework's own limit may be above the kit's: the kit's holds.
        const tooLarge = (typeof rawBody === "string" ? Buffer.byteLength(rawBody) : rawBody.byteLength) > maxBodyBytes;
        reply = tooLarge ? bodyTooLarge(path, maxBodyBytes) : await pipeline.reply({ method, path, headers, address }, () => rawBody);
      } catch (error) {
        lineLog(`txc-api server: ${method} ${path} failed with 500: ${(error as Error)?.stack ?? String(error)}`);
        reply = internalErrorReply(path);
      }
      return { status: reply.status, headers: Object.assign({}, JSON_HEADERS, reply.headers), body: bodyBytes(reply.body) };
    },
    async fetch(request, info = {}) {
      const url = new URL(request.url);
      const apiRequest = { method: request.method, path: url.pathname, headers: request.headers, address: info.address ?? "unknown" };
      try {
        const admitted = await pipeline.admit(apiRequest);
        if (!isAdmitted(admitted)) return fetchResponse(admitted);
        const rawBody = await readFetchBody(request, maxBodyBytes);
        if (!rawBody) return fetchResponse(bodyTooLarge(url.pathname, maxBodyBytes));
        return fetchResponse(await pipeline.answer(admitted, rawBody));
      } catch (error) {
        lineLog(`txc-api server: ${request.method} ${url.pathname} failed with 500: ${(error as Error)?.stack ?? String(error)}`);
        return fetchResponse(internalErrorReply(url.pathname));
      }
    },
    respond,
    listener(request, response) {
      respond(request, response, { path: targetPath(request.url ?? "/"), address: request.socket.remoteAddress });
    },
  };
}
