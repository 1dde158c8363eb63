// The once-only rule (x-once-per) and nonce freshness held by the kit as a team deploys it: two
// node:cluster processes on one port over a real redis-server that this test starts, flushes and
// stops; each request on a connection of its own, so that the cluster hands them to both workers.
import { request } from "node:http";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import { signRequest } from "../../src/index.js";
import { createApiHandler, memoryClaimStore, notImplemented, redisStores, type Handlers } from "../../src/server-entry.js";
import { startClusterTeam, teamCodes, teamKeys, type ClusterTeam, type Key } from "../helpers/cluster-team.js";
import { outputMatching } from "../helpers/processes.js";
import { startRedis, type RedisServer } from "../helpers/redis.js";

const APPLY = operationIndex.applyCode.path;
const BALANCE = operationIndex.getMainBalance.path;
// Twenty keys redeem; the last, signing with Unix-millisecond nonces, captures a request.
const allKeys = teamKeys(21);
const keys = allKeys.slice(0, 20);
const capturer = allKeys[20]!;
const codes = teamCodes(4, "KIT");
let redis: RedisServer;
const started: ClusterTeam[] = [];
let nonce = Date.now() * 1000;
// Every signed operation not implemented, read from the document; applyCode is written by each test.
const notImplementedHandlers = Object.fromEntries(Object.keys(operationIndex).filter((id) => operationIndex[id as keyof typeof operationIndex].signed).map((id) => [id, notImplemented])) as Omit<Handlers, "applyCode">;

type Answer = { status: number; body: any };
/** One request on a connection of its own. */
function send(baseUrl: string, path: string, { headers, body }: { headers: Record<string, string>; body: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${baseUrl}${path}`, { method: "POST", headers, agent: false }, (response) => {
      let text = "";
      response.on("data", (chunk) => (text += chunk)).on("end", () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
    });
    outgoing.on("error", reject).end(body);
  });
}
const signed = (key: Key, path: string, body: Record<string, unknown>, at = ++nonce) => signRequest({ path, body, ...key, nonce: at });
async function cluster(plant: "none" | "codes-per-process", env: Record<string, string> = {}) {
  const team = await startClusterTeam({ redisUrl: redis.url, keys: allKeys, codes, plant, env });
  started.push(team);
  return team;
}
/** Twenty keys redeem one code at once, each on its own connection. */
const redeemAtOnce = (team: ClusterTeam, code: string) => Promise.all(keys.map((key) => send(team.baseUrl, APPLY, signed(key, APPLY, { code }))));
async function creditedTo(team: ClusterTeam, ticker: string): Promise<number> {
  const balances = await Promise.all(keys.map((key) => send(team.baseUrl, BALANCE, signed(key, BALANCE, { ticker }))));
  return balances.filter(({ body }) => body[ticker].main_balance !== "0").length;
}

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const team of started) await team.stop();
  await redis?.stop();
});

describe("a code redeemed by twenty requests at once, over two processes", () => {
  it("on redisStores: exactly one is accepted and credited, the others get the documented 400 keyed by code", async () => {
    const team = await cluster("none");
    const answers = await redeemAtOnce(team, codes[0]!.code);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => a.status)).toEqual(Array(19).fill(400));
    expect(refused.every((a) => a.body.errors.code[0] === "The code has already been applied.")).toBe(true);
    expect(await creditedTo(team, codes[0]!.ticker)).toBe(1);
  });

  it("a refused request gives its claim back: a code the handler does not know is refused the same way twice", async () => {
    const team = started[0]!;
    for (let i = 0; i < 2; i++) {
      const answer = await send(team.baseUrl, APPLY, signed(keys[0]!, APPLY, { code: "KIT-UNKNOWN" }));
      expect(answer).toEqual({ status: 400, body: { code: 0, message: "Validation failed", errors: { code: ["The code is not valid."] } } });
    }
  });

  it("planted: the claims kept in each process (the kit's memory store) let each process credit the code once", async () => {
    const team = await cluster("codes-per-process");
    const answers = await redeemAtOnce(team, codes[1]!.code);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
  });

  it("the kit warns once a process at start that this Redis keeps no append-only file", async () => {
    const team = started[0]!;
    await outputMatching(team, /(append-only file[\s\S]*){2}/);
    for (let i = 0; i < 10; i++) await send(team.baseUrl, BALANCE, signed(keys[1]!, BALANCE, {}));
    expect(team.output().match(/txc-api server warn: Redis runs without its append-only file/g)).toHaveLength(2);
    const persistent = await startRedis({ persist: true });
    const client = new Redis(persistent.port, { lazyConnect: true });
    try {
      await client.connect();
      expect(await redisStores(client).claims.warnings!()).toEqual([]);
    } finally {
      await client.quit();
      await persistent.stop();
    }
  });
});

describe("a request captured, then resent after Redis lost its nonces", () => {
  const captured = () => signed(capturer, BALANCE, {}, Date.now());

  it("without nonceMaxAgeMs it is accepted again: the nonce store is all that stood in the way", async () => {
    const team = started[0]!;
    const capture = captured();
    expect((await send(team.baseUrl, BALANCE, capture)).status).toBe(200);
    await redis.flush();
    expect((await send(team.baseUrl, BALANCE, capture)).status).toBe(200);
  });

  it("with nonceMaxAgeMs it is refused 401 once the window has passed (and still let in within it)", async () => {
    const windowMs = 1_000;
    const team = await cluster("none", { NONCE_MAX_AGE_MS: String(windowMs) });
    const capture = captured();
    const at = JSON.parse(capture.body).nonce as string;
    expect((await send(team.baseUrl, BALANCE, capture)).status).toBe(200);
    await redis.flush();
    expect((await send(team.baseUrl, BALANCE, capture)).status).toBe(200);
    // The condition the refusal needs: the server's clock past the nonce by more than the window.
    while (Date.now() <= Number(at) + windowMs + 50) await new Promise((resolve) => setTimeout(resolve, 50));
    await redis.flush();
    const late = await send(team.baseUrl, BALANCE, capture);
    expect(late.status).toBe(401);
    expect(late.body.message).toMatch(/^The nonce, read as Unix time in milliseconds, is \d+ ms away from the server's clock: this server accepts nonces within 1000 ms of it\.$/);
    const fresh = await send(team.baseUrl, BALANCE, captured());
    expect(fresh.status).toBe(200);
  });
});

describe("the claim in one process, through api.handle", () => {
  const key = keys[3]!;
  const handled: string[] = [];
  const logged: string[] = [];
  const applied = { message: "Code was successfully applied", ticker: "BTC", amount: "1", external_id: "8e2f6a1c-3b4d-4e5f-9a0b-7c6d5e4f3a2b" };
  const apiWith = (claims: Parameters<typeof createApiHandler>[0]["claims"], applyCode: (code: string) => typeof applied) =>
    createApiHandler({
      keys: (apiKey) => (apiKey === key.apiKey ? { secret: key.apiSecret } : undefined),
      claims,
      log: ({ event, message }) => logged.push(`${event}: ${message}`),
      handlers: { ...notImplementedHandlers, applyCode: ({ body }) => (handled.push(body.code!), applyCode(body.code!)) },
    });
  const redeem = async (api: ReturnType<typeof createApiHandler>, code: string) => {
    const { headers, body } = signed(key, APPLY, { code });
    const answer = await api.handle({ method: "POST", path: APPLY, headers, rawBody: body });
    return { status: answer.status, body: JSON.parse(String(answer.body)) };
  };

  it("a claim store that fails answers 500, logged, and the handler never runs", async () => {
    handled.length = 0;
    const api = apiWith({ claim: () => { throw new Error("claims away"); } }, () => applied);
    expect(await redeem(api, "ONE")).toEqual({ status: 500, body: { code: 500, message: "Internal error.", errors: {} } });
    expect(handled).toEqual([]);
    expect(logged.at(-1)).toBe("store-failed: applyCode: the claim store failed, so the request was refused: claims away");
  });

  it("a handler that throws gives its claim back: the code can be redeemed once it works", async () => {
    handled.length = 0;
    let broken = true;
    const api = apiWith(memoryClaimStore(), () => {
      if (broken) throw new Error("database away");
      return applied;
    });
    expect((await redeem(api, "TWO")).status).toBe(500);
    broken = false;
    expect(await redeem(api, "TWO")).toEqual({ status: 200, body: applied });
    expect(await redeem(api, "TWO")).toEqual({ status: 400, body: { code: 0, message: "Validation failed", errors: { code: ["The code has already been applied."] } } });
    expect(handled).toEqual(["TWO", "TWO"]);
  });
});
