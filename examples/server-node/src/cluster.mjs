// node src/cluster.mjs: WORKERS processes (default 2) sharing one port, as behind a balancer,
// taking connections in turn. With REDIS_URL they share the nonces, the rate limits, the claims
// and the ledger: a request replayed to another process is refused, the documented limits count
// every process's requests, and a code is credited once whichever process each request reaches.
// On SIGTERM each worker says how many requests it served.
import cluster from "node:cluster";
import { createServer } from "node:http";

cluster.schedulingPolicy = cluster.SCHED_RR;
if (cluster.isPrimary) {
  const workers = Array.from({ length: Number(process.env.WORKERS ?? 2) }, () => cluster.fork());
  let listening = 0;
  cluster.on("listening", () => ++listening === workers.length && console.log(`listening on http://127.0.0.1:${process.env.PORT ?? 8080} with ${workers.length} workers`));
  process.on("SIGTERM", () => workers.forEach((worker) => worker.process.kill("SIGTERM")));
  cluster.on("exit", () => Object.keys(cluster.workers).length === 0 && process.exit(0));
} else {
  const { createApi } = await import("./api.mjs");
  const { stores } = await import("./stores.mjs");
  const api = createApi(await stores());
  let served = 0;
  const server = createServer((request, response) => {
    served++;
    api.listener(request, response);
  });
  server.listen(Number(process.env.PORT ?? 8080), "127.0.0.1");
  process.on("SIGTERM", () => {
    console.log(`worker ${process.pid} served ${served} requests`);
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
