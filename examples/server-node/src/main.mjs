// node src/main.mjs: the API on node:http, at PORT (default 8080). With REDIS_URL, the nonces and
// rate limits live in Redis, so that several processes behind one balancer share them.
import { createServer } from "node:http";
import { createApi } from "./api.mjs";

async function stores() {
  if (!process.env.REDIS_URL) return {};
  const { Redis } = await import("ioredis");
  const { redisStores } = await import("txc-api/server");
  // Fail fast while Redis is away: the kit answers 500 instead of waiting or accepting unchecked.
  return redisStores(new Redis(process.env.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 0 }));
}

const api = createApi(await stores());
const server = createServer(api.listener);
server.listen(Number(process.env.PORT ?? 8080), "127.0.0.1", () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
