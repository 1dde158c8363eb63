// A minimal loopback server for the throughput benchmark, run as its own process: answers every
// POST with a fixed balance. It prints its port when ready.
import { createServer } from "node:http";

const body = JSON.stringify({ BTC: { main_balance: "0.01532" } });
const server = createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    response.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
    response.end(body);
  });
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
