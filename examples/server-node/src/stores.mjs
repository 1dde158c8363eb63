// Where the kit's stores (nonces, rate-limit windows, once-only claims) and the team's ledger
// (balances, codes spent) live: in this process by default; in PostgreSQL (DATABASE_URL), the
// claims beside the balances; or in Redis (REDIS_URL), so that several processes behind one
// balancer share all of them. With both, the rate-limit windows are kept in Redis.
import { redisStores } from "txc-api/server";
import { memoryLedger } from "./api.mjs";

export async function stores() {
  const redis = process.env.REDIS_URL ? await connectRedis(process.env.REDIS_URL) : undefined;
  if (process.env.DATABASE_URL) {
    const { postgresLedger } = await import("./postgres-ledger.mjs");
    const { ledger, stores } = await postgresLedger(process.env.DATABASE_URL);
    // PostgreSQL keeps no rate-limit windows: Redis's, or each process counts its own.
    return { ...stores, ...(redis && { rateLimits: redisStores(redis).rateLimits }), ledger };
  }
  if (redis) {
    const { redisLedger } = await import("./redis-ledger.mjs");
    const ledger = await redisLedger(redis);
    return { ...redisStores(redis), ledger, wasSpent: ledger.wasSpent };
  }
  return { ledger: memoryLedger() };
}

async function connectRedis(url) {
  const { Redis } = await import("ioredis");
  // Fail fast while Redis is away: the kit answers 500 instead of waiting or accepting unchecked.
  // Connected before the server listens, so that no first request meets a store not ready yet.
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  // One line when Redis goes away and one when it is back, not a stack trace per retry.
  let away = false;
  redis.on("error", (error) => away || (away = true, console.error(`redis is away (${error.message}): requests are answered 500 until it is back`)));
  redis.on("ready", () => away && (away = false, console.error("redis is back")));
  await redis.connect();
  return redis;
}
