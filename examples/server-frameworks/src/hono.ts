// node dist/hono.js: the API in Hono at PORT, on @hono/node-server. api.fetch reads the body
// itself; Hono passes the Request through untouched.
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono, type Context } from "hono";
import { answerClientError } from "txc-api/server";
import { api, port } from "./api.js";

// A Fetch Request carries no client address: give the rate limits the socket's (behind a balancer, the hop you trust).
const answer = (c: Context) => api.fetch(c.req.raw, { address: getConnInfo(c).remote.address });
const app = new Hono();
app.all("/api/v4/*", answer);
app.notFound(answer);
const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1", serverOptions: { maxHeaderSize: api.maxHeaderSize } }, (info) => console.log(`listening on http://127.0.0.1:${info.port}`)) as Server;
server.on("clientError", answerClientError);
process.on("SIGTERM", () => server.close(() => process.exit(0)));
