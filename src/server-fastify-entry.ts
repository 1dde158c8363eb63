// txc-api/server/fastify: the kit as a Fastify 5 plugin (fastify is an optional peer dependency).
export { txcApi, txcApiServerOptions, type TxcApiPluginOptions } from "./server/fastify.js";
