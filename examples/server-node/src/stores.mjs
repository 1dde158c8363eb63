// Where the nonces and the rate-limit windows live: in this process by default, or in Redis
// (REDIS_URL) so that several processes behind one balancer share them.
export async function stores() {
  if (!process.env.REDIS_URL) return {};
  const { Redis } = await import("ioredis");
  const { redisStores } = await import("txc-api/server");
  // Fail fast while Redis is away: the kit answers 500 instead of waiting or accepting unchecked.
  // Connected before the server listens, so that no first request meets a store not ready yet.
  const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  await redis.connect();
  return redisStores(redis);
}
