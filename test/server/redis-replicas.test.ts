// What a Redis failover loses, and what `replicas` keeps: a real primary and one replica started
// by this test, the replica replicating through a TCP relay; the link partitioned so that the
// replica falls behind, the primary killed (SIGKILL), the replica promoted. Without the option, a code told spent is claimable again after the
// failover; with it, nothing a request was told is lost, and a write the replica has not
// acknowledged fails (the request answered 500, its handler never run).
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterEach, expect, it } from "vitest";
import { redisStores } from "../../src/server-entry.js";
import { ask, replicaSynced, startRedis, type RedisServer } from "../helpers/redis.js";
import { startTcpRelay, type TcpRelay } from "../helpers/tcp-relay.js";

const started: RedisServer[] = [];
const relays: TcpRelay[] = [];
const clients: Redis[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  for (const relay of relays.splice(0)) await relay.close();
  for (const server of started.splice(0)) await server.stop();
});

async function primaryAndReplica() {
  const primary = await startRedis();
  started.push(primary);
  const link = await startTcpRelay(primary.port);
  relays.push(link);
  const replica = await startRedis({ replicaOf: link.port });
  started.push(replica);
  await replicaSynced(replica.port, primary.port);
  return { primary, link, replica };
}
const clientOf = (server: RedisServer) => {
  const client = new Redis(server.port, { maxRetriesPerRequest: 0 });
  client.on("error", () => {});
  clients.push(client);
  return client;
};
/** The primary dies with the replica behind (what the link held is lost with it); the replica is promoted: the stores on it. */
async function failOver(primary: RedisServer, link: TcpRelay, replica: RedisServer) {
  await primary.kill();
  await link.close();
  await ask(replica.port, "REPLICAOF", "NO", "ONE");
  return redisStores(clientOf(replica));
}

it("without replicas: a code spent on the primary is claimable again once the replica that fell behind is promoted", async () => {
  const { primary, link, replica } = await primaryAndReplica();
  const stores = redisStores(clientOf(primary));
  link.partition();
  const token = randomUUID();
  expect(await stores.claims.claim("applyCode", "LOST-CODE", token, 30_000)).toEqual({ taken: true });
  await stores.claims.settle("applyCode", "LOST-CODE", token, "spent");
  const promoted = await failOver(primary, link, replica);
  expect(await promoted.claims.claim("applyCode", "LOST-CODE", randomUUID(), 30_000)).toEqual({ taken: true });
});

it("with replicas: { count: 1 }: a write the cut-off replica has not acknowledged fails; what counted survives the failover", async () => {
  const { primary, link, replica } = await primaryAndReplica();
  const stores = redisStores(clientOf(primary), { replicas: { count: 1, timeoutMs: 1_000 } });
  const token = randomUUID();
  expect(await stores.claims.claim("applyCode", "KEPT-CODE", token, 30_000)).toEqual({ taken: true });
  await stores.claims.settle("applyCode", "KEPT-CODE", token, "spent");
  expect(await stores.nonces.checkAndRecord("kept-key", "1700000000005")).toMatchObject({ accepted: true });
  link.partition();
  await expect(stores.claims.claim("applyCode", "UNACKNOWLEDGED-CODE", randomUUID(), 30_000)).rejects.toThrow("Redis's write reached 0 of 1 replicas in 1000 ms");
  await expect(stores.nonces.checkAndRecord("kept-key", "1700000000009")).rejects.toThrow(/reached 0 of 1 replicas/);
  const promoted = await failOver(primary, link, replica);
  expect(await promoted.claims.claim("applyCode", "KEPT-CODE", randomUUID(), 30_000)).toEqual({ taken: false, state: "spent" });
  expect(await promoted.nonces.checkAndRecord("kept-key", "1700000000005")).toMatchObject({ accepted: false, reason: "nonce-reused" });
  // The claim that failed was never told to a request: free on the promoted replica, for the customer's retry.
  expect(await promoted.claims.claim("applyCode", "UNACKNOWLEDGED-CODE", randomUUID(), 30_000)).toEqual({ taken: true });
});

it("refuses a replicas option it cannot keep, naming the field", () => {
  const client = { eval: async () => 0 };
  expect(() => redisStores(client, { replicas: { count: 0, timeoutMs: 100 } })).toThrow("replicas.count must be a whole number of replicas, at least 1 (got 0)");
  expect(() => redisStores(client, { replicas: { count: 1, timeoutMs: 0 } })).toThrow("replicas.timeoutMs must be a positive whole number of milliseconds; WAIT's 0 would wait for ever (got 0)");
  expect(() => redisStores(client, { replicas: { count: 1, timeoutMs: 100 } })).toThrow("replicas needs a client with pipeline()");
});
