// node dist/express.js: the API in Express 5 at PORT, as middleware mounted before any body parser
// (it reads the body itself: the signature covers the bytes as sent).
import { createServer } from "node:http";
import express from "express";
import { answerClientError } from "txc-api/server";
import { txcApi, txcApiNotFound } from "txc-api/server/express";
import { api, port } from "./api.js";

const app = express();
// Behind a balancer, "trust proxy" names it: the rate limits count the client's address, not the balancer's.
if (process.env.TRUST_PROXY) app.set("trust proxy", process.env.TRUST_PROXY);
app.use(txcApi(api));
// The app's other routes, with their own body parsers, go here.
app.use(txcApiNotFound(api));
const server = createServer({ maxHeaderSize: api.maxHeaderSize }, app);
server.on("clientError", answerClientError);
server.listen(port, "127.0.0.1", () => console.log(`listening on http://127.0.0.1:${(server.address() as { port: number }).port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
