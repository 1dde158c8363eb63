// node dist/fastify.js: the API in Fastify 5 at PORT, as a plugin. Fastify keeps the server; the
// plugin keeps the body as the signed bytes, and answers Fastify's own refusals in the document's shape.
import Fastify from "fastify";
import { txcApi, txcApiServerOptions } from "txc-api/server/fastify";
import { api, port } from "./api.js";

// Behind a balancer, trustProxy names it: the rate limits count the client's address, not the balancer's.
const app = Fastify({ ...txcApiServerOptions(api), trustProxy: process.env.TRUST_PROXY ?? false });
await app.register(txcApi, { api });
const address = await app.listen({ port, host: "127.0.0.1" });
console.log(`listening on ${address}`);
process.on("SIGTERM", () => app.close().then(() => process.exit(0)));
