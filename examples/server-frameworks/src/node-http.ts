// node dist/node-http.js: the API on node:http at PORT.
import { createServer } from "node:http";
import { answerClientError } from "txc-api/server";
import { api, port } from "./api.js";

// The header limit fits the signed body's base64 (X-TXC-PAYLOAD); Node's own refusals (431, 400) in the document's shape.
const server = createServer({ maxHeaderSize: api.maxHeaderSize }, api.listener);
server.on("clientError", answerClientError);
server.listen(port, "127.0.0.1", () => console.log(`listening on http://127.0.0.1:${port === 0 ? (server.address() as { port: number }).port : port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
