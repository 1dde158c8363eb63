// txc-api/server/fastify: the kit inside Fastify 5. Fastify keeps the server; the plugin answers
// the API's prefix with the kit, keeping the body as the bytes that were signed, and answers the
// refusals Fastify would make itself (404, a body over the limit, a body it cannot read, a header
// block over the limit) in the document's error shape.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { pathPrefixes } from "../../generated/operations.js";
import type { ApiHandler } from "./api-handler-types.js";
import { answerClientError } from "./client-errors.js";
import { bodyTooLarge } from "./body-limit.js";
import { errorReply, internalErrorReply } from "./error-bodies.js";
import { bodyBytes, JSON_HEADERS } from "./json-text.js";
import { targetPath } from "./routes.js";

export type TxcApiPluginOptions = {
  /** The API, from `createApiHandler(...)`. */
  api: ApiHandler;
  /**
   * Whether paths no route of the app has get the document's 404 (true, the default) or Fastify's
   * own (false: the app sets its own not-found handler).
   */
  notFound?: boolean;
};

const API_ROUTES = [pathPrefixes.api.slice(0, -1), `${pathPrefixes.api}*`];


async function answerWithKit(api: ApiHandler, request: FastifyRequest, reply: FastifyReply) {
  const rawBody = request.body instanceof Uint8Array ? request.body : new Uint8Array(0);
  const answer = await api.handle({ method: request.method, path: targetPath(request.url), headers: request.headers, rawBody, address: request.ip });
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}

/** Fastify's own refusals of a request under the prefix (the body's size or framing), in the document's shape. */
function refusalOf(api: ApiHandler, error: FastifyError, path: string) {
  const status = error.statusCode ?? 500;
  if (status === 413) return bodyTooLarge(path, api.maxBodyBytes);
  if (status >= 400 && status < 500) return errorReply(path, status, `The body could not be read: ${error.message}`);
  return internalErrorReply(path);
}

/** The API's routes, in a context of their own: their body parser and error handler touch no other route. */
async function apiRoutes(app: FastifyInstance, { api }: { api: ApiHandler }) {
  // Every content type kept as bytes: a body sent as text/plain gets the kit's answer in the document's shape, not Fastify's 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: api.maxBodyBytes }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal = refusalOf(api, error, targetPath(request.url));
    if (refusal.status === 500) request.log.error({ err: error }, "txc-api server: failed with 500");
    return reply.code(refusal.status).headers(JSON_HEADERS).send(bodyBytes(refusal.body));
  });
  for (const url of API_ROUTES) app.all(url, (request, reply) => answerWithKit(api, request, reply));
}

/**
 * The Fastify plugin: `await app.register(txcApi, { api })`. Registered at the root, it routes the
 * whole API prefix for every method (the kit answers a wrong method with the document's 404) and,
 * unless `notFound: false`, answers every other unknown path with the document's 404.
 */
export async function txcApi(app: FastifyInstance, options: TxcApiPluginOptions) {
  const { api, notFound = true } = options;
  await app.register(apiRoutes, { api });
  if (notFound) app.setNotFoundHandler((request, reply) => answerWithKit(api, request, reply));
}
// Registered in the context of the app that registers it (what fastify-plugin does), so that its not-found handler is the app's.
Object.assign(txcApi, { [Symbol.for("skip-override")]: true, [Symbol.for("fastify.display-name")]: "txc-api" });

/**
 * Fastify's server options the kit needs, set when the app is made: `Fastify({ ...txcApiServerOptions(api) })`.
 * The header limit fits the signing headers of a body of `maxBodyBytes` (its base64 rides in
 * X-TXC-PAYLOAD), and what Node's parser refuses (431, 400, 408) is in the document's shape.
 */
export function txcApiServerOptions(api: Pick<ApiHandler, "maxHeaderSize">) {
  return {
    http: { maxHeaderSize: api.maxHeaderSize },
    clientErrorHandler: answerClientError,
  };
}

