// The kit behind each framework a server team uses, in this process on loopback, set up as
// docs/server.md shows: node:http, Fastify 5 (txc-api/server/fastify), Express 5
// (txc-api/server/express) and Hono (api.fetch on @hono/node-server). Each is told to trust one
// forwarding hop when `trustProxy` is set, as a server behind nginx is.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import express from "express";
import Fastify from "fastify";
import { Hono } from "hono";
import { pathPrefixes } from "../../generated/operations.js";
import { answerClientError, type ApiHandler } from "../../src/server-entry.js";
import { txcApi as txcFastify, txcApiServerOptions } from "../../src/server-fastify-entry.js";
import { txcApi as txcExpress, txcApiNotFound } from "../../src/server-express-entry.js";

export const FRAMEWORKS = ["node:http", "fastify", "express", "hono"] as const;
export type Framework = (typeof FRAMEWORKS)[number];
export type Front = { baseUrl: string; close(): Promise<void> };

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const listening = (server: Server) =>
  new Promise<Front>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve({ baseUrl: urlOf(server), close: () => closeServer(server) }));
  });
function closeServer(server: Server) {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

async function fastifyFront(api: ApiHandler, trustProxy: boolean): Promise<Front> {
  const app = Fastify({ ...txcApiServerOptions(api), trustProxy: trustProxy ? "127.0.0.1" : false });
  await app.register(txcFastify, { api });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { baseUrl: urlOf(app.server), close: () => app.close() };
}

function expressFront(api: ApiHandler, trustProxy: boolean | string): Promise<Front> {
  const app = express();
  // The guide's pick: the balancer's own address (a string given: what a test plants, "loopback").
  if (trustProxy) app.set("trust proxy", typeof trustProxy === "string" ? trustProxy : "127.0.0.1");
  app.use(txcExpress(api));
  app.use(txcApiNotFound(api));
  const server = createServer({ maxHeaderSize: api.maxHeaderSize }, app);
  server.on("clientError", answerClientError);
  return listening(server);
}

function honoFront(api: ApiHandler, trustProxy: boolean): Promise<Front> {
  const app = new Hono();
  // Hono reads no forwarding header itself: the team picks the hop it trusts, here one nginx.
  const address = (c: Parameters<typeof getConnInfo>[0]) => (trustProxy ? c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim() : undefined) ?? getConnInfo(c).remote.address;
  app.all(`${pathPrefixes.api}*`, (c) => api.fetch(c.req.raw, { address: address(c) }));
  app.notFound((c) => api.fetch(c.req.raw, { address: address(c) }));
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1", serverOptions: { maxHeaderSize: api.maxHeaderSize } }) as Server;
  server.on("clientError", answerClientError);
  return new Promise((resolve) => server.once("listening", () => resolve({ baseUrl: urlOf(server), close: () => closeServer(server) })));
}

function nodeFront(api: ApiHandler): Promise<Front> {
  const server = createServer({ maxHeaderSize: api.maxHeaderSize }, api.listener);
  server.on("clientError", answerClientError);
  return listening(server);
}

/** The API served by `framework` on a free loopback port. */
export function startFront(framework: Framework, api: ApiHandler, { trustProxy = false as boolean | string } = {}): Promise<Front> {
  switch (framework) {
    case "node:http": return nodeFront(api);
    case "fastify": return fastifyFront(api, trustProxy !== false);
    case "express": return expressFront(api, trustProxy);
    case "hono": return honoFront(api, trustProxy !== false);
  }
}
