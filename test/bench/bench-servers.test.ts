// The bench's servers answer what the bench sends them: a contender that refuses its requests
// (a claim store written to an older interface answered every code "being handled") stops the
// bench with an error instead of measuring refusals. Each kind the claim bench compares, once.
import { afterAll, beforeAll, expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import { caller, startServer } from "../../bench/sandbox-floor.mjs";
import { startRedis, type RedisServer } from "../helpers/redis.js";

let redis: RedisServer;
let codes = 0;
beforeAll(async () => {
  redis = await startRedis();
  process.env.REDIS_PORT = String(redis.port);
});
afterAll(async () => {
  delete process.env.REDIS_PORT;
  await redis?.stop();
});

it.each(["kit", "kit-without-claims", "kit-on-redis", "signature-checking"])("%s answers the balance and a fresh code 200, a spent code not", async (kind) => {
  const server = await startServer(kind);
  try {
    await caller(server.baseUrl)(0);
    const code = `SMOKE-${kind}-${++codes}`;
    const apply = caller(server.baseUrl, { path: operationIndex.applyCode.path, fields: () => ({ code }) });
    await apply(1);
    // The bare server takes each code once in a Set of its own (like with like); every kit with a claim store refuses the code spent.
    if (kind === "kit-without-claims") await apply(2);
    else await expect(apply(2)).rejects.toThrow(kind === "signature-checking" ? /answered 400 .*refused/ : /answered 400 .*The code has already been applied/);
  } finally {
    server.stop();
  }
});
