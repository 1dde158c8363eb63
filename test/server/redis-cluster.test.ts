// The kit's stores on a real Redis Cluster of three primaries, started by this test (redis-cli
// spreads the slots): ioredis's Cluster client routes each script by its key, so the claims of
// different codes land on different nodes, twenty racers for one code get one claim, and a
// replayed request is refused whichever node holds its key's nonce.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { Cluster } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import { signRequest } from "../../src/index.js";
import { createApiHandler, invalidField, redisStores } from "../../src/server-entry.js";
import { listenOnLoopback, type Listening } from "../helpers/loopback.js";
import { notWrittenYet } from "../helpers/not-written.js";
import { send } from "../helpers/raw-requests.js";
import { ask, startRedisCluster, type RedisCluster } from "../helpers/redis.js";

const APPLY = operationIndex.applyCode.path;
const keys = Array.from({ length: 20 }, (_, i) => ({ apiKey: `cluster-key-${i}`, apiSecret: `cluster-secret-${i}` }));
let redisCluster: RedisCluster;
const clients: Cluster[] = [];
let nonce = Date.now() * 1000;

const clusterClient = () => {
  const client = new Cluster(redisCluster.ports.map((port) => ({ host: "127.0.0.1", port })), { lazyConnect: true });
  clients.push(client);
  return client;
};

beforeAll(async () => {
  redisCluster = await startRedisCluster(3);
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await redisCluster?.stop();
});

describe("the stores on a Redis Cluster of three primaries", () => {
  it("spreads the claims of sixty codes over the three nodes, each taken once and then spent", async () => {
    const stores = redisStores(clusterClient(), { prefix: "spread:" });
    const values = Array.from({ length: 60 }, (_, i) => `SPREAD-${i}`);
    const taken = await Promise.all(values.map((value) => stores.claims.claim("applyCode", value, randomUUID(), 30_000)));
    expect(taken.every((outcome) => outcome.taken)).toBe(true);
    const perNode = await Promise.all(redisCluster.ports.map(async (port) => Number(await ask(port, "DBSIZE"))));
    expect(perNode.reduce((a, b) => a + b, 0)).toBe(60);
    for (const count of perNode) expect(count).toBeGreaterThan(0);
  });

  it("gives one of twenty racers on four clients the claim of one code, and one of twenty one nonce", async () => {
    const racers = Array.from({ length: 4 }, () => redisStores(clusterClient(), { prefix: "race:" }));
    const value = `RACE-${randomUUID()}`;
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => racers[i % 4]!.claims.claim("applyCode", value, randomUUID(), 30_000)));
    expect(outcomes.filter((outcome) => outcome.taken)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.taken && outcome.state === "pending")).toHaveLength(19);
    const apiKey = `race-${randomUUID()}`;
    const nonces = await Promise.all(Array.from({ length: 20 }, (_, i) => racers[i % 4]!.nonces.checkAndRecord(apiKey, "1700000000001")));
    expect(nonces.filter((answer) => answer.accepted)).toHaveLength(1);
  });
});

describe("the kit on the cluster: two handlers, each with its own Cluster client, as two processes", () => {
  let fronts: Listening[] = [];
  let credited = 0;
  beforeAll(async () => {
    const spent = new Set<string>();
    fronts = await Promise.all(
      [0, 1].map(() => {
        const api = createApiHandler({
          ...redisStores(clusterClient(), { prefix: "kit:" }),
          keys: (apiKey) => {
            const key = keys.find((candidate) => candidate.apiKey === apiKey);
            return key && { secret: key.apiSecret, partner: true };
          },
          wasSpent: ({ value }) => spent.has(value),
          handlers: {
            ...notWrittenYet(),
            applyCode: async ({ body: { code = "" } }) => {
              if (spent.has(code)) return invalidField("code", "The code has already been applied.");
              spent.add(code);
              credited++;
              return { message: "Code was successfully applied", ticker: "USDT", amount: "25", external_id: randomUUID() };
            },
          },
        });
        return listenOnLoopback(createServer(api.listener));
      }),
    );
  });
  afterAll(async () => {
    for (const front of fronts) await front.close();
  });

  it("a code redeemed by twenty keys at once over both is credited once; the winner replayed to the other is refused 401", async () => {
    const requests = keys.map((key) => signRequest({ path: APPLY, body: { code: "CLUSTER-CODE" }, ...key, nonce: ++nonce }));
    const answers = await Promise.all(requests.map((request, i) => send(`${fronts[i % 2]!.baseUrl}${APPLY}`, request)));
    const statuses = answers.map((answer) => ("status" in answer ? answer.status : 0));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(19);
    expect(credited).toBe(1);
    // Replayed to the other: the one that succeeded is refused by its nonce (a refused request's
    // nonce is given back, so the others are refused again by the spent code).
    const replays = await Promise.all(requests.map((request, i) => send(`${fronts[(i + 1) % 2]!.baseUrl}${APPLY}`, request)));
    expect(replays.map((answer) => ("status" in answer ? answer.status : 0))).toEqual(statuses.map((status) => (status === 200 ? 401 : 400)));
    expect(credited).toBe(1);
  });
});
