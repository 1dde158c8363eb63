// The once-only rule (x-once-per) and nonce freshness held by the kit as a team deploys it: two
// node:cluster processes on one port over a real redis-server that this test starts, flushes and
// stops; each request on a connection of its own, so that the cluster hands them to both workers.
import { request } from "node:http";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import { signRequest } from "../../src/index.js";
import { createApiHandler, invalidField, memoryClaimStore, notImplemented, redisStores, type ClaimStore, type Handlers } from "../../src/server-entry.js";
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
  it("on redisStores: exactly one is accepted and credited, the others get the 400 keyed by code", async () => {
    const team = await cluster("none");
    const answers = await redeemAtOnce(team, codes[0]!.code);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => a.status)).toEqual(Array(19).fill(400));
    // Spent, or being handled by the request that won: both keyed by code.
    expect(refused.every((a) => /^(The code has already been applied\.|A request with this code is being handled;)/.test(a.body.errors.code[0]))).toBe(true);
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

describe("redisStores' claims, sent again by the same request (a client resending what a cut connection never answered)", () => {
  it("answer as the first time did: taken, with the overdue token of the claim it took over", async () => {
    const client = new Redis(redis.port, { lazyConnect: true });
    await client.connect();
    try {
      const { claims } = redisStores(client, { prefix: `resent-${Date.now()}:` });
      expect(await claims.claim("applyCode", "RESENT", "first", 30_000)).toEqual({ taken: true });
      expect(await claims.claim("applyCode", "RESENT", "first", 30_000)).toEqual({ taken: true });
      expect(await claims.claim("applyCode", "RESENT", "other", 30_000)).toEqual({ taken: false, state: "pending" });
      await claims.settle("applyCode", "RESENT", "first", "unknown");
      expect(await claims.claim("applyCode", "RESENT", "retry", 30_000)).toEqual({ taken: true, overdue: "first" });
      expect(await claims.claim("applyCode", "RESENT", "retry", 30_000)).toEqual({ taken: true, overdue: "first" });
      await claims.settle("applyCode", "RESENT", "retry", "spent");
      expect(await claims.claim("applyCode", "RESENT", "retry", 30_000)).toEqual({ taken: false, state: "spent" });
    } finally {
      client.disconnect();
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
  type Options = Parameters<typeof createApiHandler>[0];
  const apiWith = (claims: Options["claims"], applyCode: (context: any) => any, more: Partial<Options> = {}) =>
    createApiHandler({
      keys: (apiKey) => (apiKey === key.apiKey ? { secret: key.apiSecret } : undefined),
      claims,
      log: ({ event, message }) => logged.push(`${event}: ${message}`),
      handlers: { ...notImplementedHandlers, applyCode: (context: any) => (handled.push(context.body.code), applyCode(context)) } as Handlers,
      ...more,
    });
  const redeem = async (api: ReturnType<typeof createApiHandler>, code: string) => {
    const { headers, body } = signed(key, APPLY, { code });
    const answer = await api.handle({ method: "POST", path: APPLY, headers, rawBody: body });
    return { status: answer.status, body: JSON.parse(String(answer.body)) };
  };
  const spentAnswer = { status: 400, body: { code: 0, message: "Validation failed", errors: { code: ["The code has already been applied."] } } };
  const internal = { status: 500, body: { code: 500, message: "Internal error.", errors: {} } };
  /** A store whose settle fails while `away` is set, as Redis gone between the claim and the credit. */
  const settleFailsWhile = (away: { now: boolean }, store: ClaimStore = memoryClaimStore()): ClaimStore => ({
    claim: (...args) => store.claim(...args),
    settle: (...args) => {
      if (away.now) throw new Error("Connection is closed.");
      return store.settle(...args);
    },
  });
  /** A ledger that records each credit with the claim's token, as one transaction would. */
  const ledger = () => {
    const credits = new Map<string, string>();
    return {
      credits,
      credit: ({ body, claim }: any) => (credits.set(body.code, claim.token), applied),
      wasSpent: ({ value, token }: { value: string; token: string }) => credits.get(value) === token,
    };
  };

  it("a claim store that fails answers 500, the handler never runs, and the outage is two lines: away, then back with the count", async () => {
    handled.length = 0;
    logged.length = 0;
    let away = true;
    const store = memoryClaimStore();
    const api = apiWith({ claim: (...args) => { if (away) throw new Error("claims away"); return store.claim(...args); }, settle: store.settle }, () => applied);
    logged.length = 0; // the start's warning: no wasSpent
    for (let i = 0; i < 5; i++) expect(await redeem(api, `ONE-${i}`)).toEqual(internal);
    expect(handled).toEqual([]);
    away = false;
    expect((await redeem(api, "ONE-0")).status).toBe(200);
    expect(logged).toEqual([
      "store-away: the claim store failed (claims away): requests that need it are answered 500 until it answers again",
      expect.stringMatching(/^store-back: the claim store answers again after \d+\.\d s; 5 requests refused 500 in between$/),
    ]);
  });

  it("without wasSpent, a handler that throws gives its claim back: the code can be redeemed once it works", async () => {
    handled.length = 0;
    let broken = true;
    const api = apiWith(memoryClaimStore(), () => {
      if (broken) throw new Error("database away");
      return applied;
    });
    expect((await redeem(api, "TWO")).status).toBe(500);
    broken = false;
    expect(await redeem(api, "TWO")).toEqual({ status: 200, body: applied });
    expect(await redeem(api, "TWO")).toEqual(spentAnswer);
    expect(handled).toEqual(["TWO", "TWO"]);
  });

  it("the handler is given the claim's token; a handler that commits and then throws keeps the claim when wasSpent finds the credit", async () => {
    handled.length = 0;
    const books = ledger();
    const api = apiWith(memoryClaimStore(), (context: any) => {
      books.credit(context);
      throw new Error("timed out after the commit");
    }, { wasSpent: books.wasSpent });
    expect(await redeem(api, "THREE")).toEqual(internal);
    expect(books.credits.get("THREE")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await redeem(api, "THREE")).toEqual(spentAnswer);
    expect(handled).toEqual(["THREE"]);
  });

  it("planted (no reconciliation): without wasSpent, the same handler credits the code twice", async () => {
    handled.length = 0;
    const books = ledger();
    const api = apiWith(memoryClaimStore(), (context: any) => {
      books.credit(context);
      throw new Error("timed out after the commit");
    });
    await redeem(api, "FOUR");
    await redeem(api, "FOUR");
    expect(handled).toEqual(["FOUR", "FOUR"]);
  });

  it("the store gone between the claim and the credit: the code is refused while its lease runs, then the retry asks the ledger and is credited once", async () => {
    handled.length = 0;
    logged.length = 0;
    const away = { now: false };
    const books = ledger();
    let clock = 1_000_000;
    const store = settleFailsWhile(away, memoryClaimStore(() => clock));
    let failCredit = true;
    // The first request's credit fails (its database write did not happen) and the store is gone before the claim is given back.
    const api = apiWith(store, (context: any) => {
      if (!failCredit) return books.credit(context);
      away.now = true;
      return invalidField("code", "The ledger refused the credit.");
    }, { wasSpent: books.wasSpent, claimLeaseMs: 5_000 });
    expect((await redeem(api, "FIVE")).status).toBe(400);
    away.now = false;
    failCredit = false;
    const during = await redeem(api, "FIVE");
    expect(during.status).toBe(400);
    expect(during.body.errors.code[0]).toMatch(/^A request with this code is being handled/);
    clock += 5_001;
    expect(await redeem(api, "FIVE")).toEqual({ status: 200, body: applied });
    expect(await redeem(api, "FIVE")).toEqual(spentAnswer);
    expect(handled).toEqual(["FIVE", "FIVE"]);
    expect(logged.filter((line) => line.startsWith("store-"))).toEqual([
      "store-away: the claim store failed (Connection is closed.): requests that need it are answered 500 until it answers again",
      expect.stringMatching(/^store-back: the claim store answers again after .*; 0 requests refused 500 in between$/),
    ]);
  });

  it("a credit committed, then the store gone before the claim is kept: the retry after the lease is refused as spent, never credited twice", async () => {
    handled.length = 0;
    const away = { now: false };
    const books = ledger();
    let clock = 2_000_000;
    const api = apiWith(settleFailsWhile(away, memoryClaimStore(() => clock)), (context: any) => {
      away.now = true;
      return books.credit(context);
    }, { wasSpent: books.wasSpent, claimLeaseMs: 5_000 });
    expect(await redeem(api, "SIX")).toEqual({ status: 200, body: applied });
    away.now = false;
    clock += 5_001;
    expect(await redeem(api, "SIX")).toEqual(spentAnswer);
    expect(handled).toEqual(["SIX"]);
  });

  it("without wasSpent on a shared store, the kit says at start that such a claim would stay refused", () => {
    logged.length = 0;
    apiWith({ claim: () => ({ taken: true }), settle: () => {} }, () => applied);
    expect(logged).toEqual([expect.stringMatching(/^claim-unresolvable: applyCode: the claims are shared but no wasSpent was given/)]);
    logged.length = 0;
    apiWith(memoryClaimStore(), () => applied);
    expect(logged).toEqual([]);
  });

  it("a ledger that cannot answer: 500, and the claim is asked of again by the next request", async () => {
    handled.length = 0;
    let clock = 3_000_000;
    const away = { now: false };
    const books = ledger();
    let ledgerAway = true;
    const api = apiWith(settleFailsWhile(away, memoryClaimStore(() => clock)), (context: any) => {
      away.now = true;
      return invalidField("code", "The ledger refused the credit.");
    }, { wasSpent: (question) => { if (ledgerAway) throw new Error("ledger away"); return books.wasSpent(question); }, claimLeaseMs: 1_000 });
    await redeem(api, "SEVEN");
    away.now = false;
    clock += 1_001;
    expect(await redeem(api, "SEVEN")).toEqual(internal);
    expect(logged.at(-1)).toMatch(/^store-failed: applyCode: wasSpent failed, so the claim stays pending until a later request asks again: ledger away$/);
    ledgerAway = false;
    expect(await redeem(api, "SEVEN")).toMatchObject({ status: 400, body: { errors: { code: ["The ledger refused the credit."] } } });
    expect(handled).toEqual(["SEVEN", "SEVEN"]);
  });
});

describe("a once-only rule the team declares (oncePer)", () => {
  const key = keys[4]!;
  const REFUND = operationIndex.refundDeposit.path;
  const refunds: string[] = [];
  const api = createApiHandler({
    keys: (apiKey) => (apiKey === key.apiKey ? { secret: key.apiSecret } : undefined),
    oncePer: { refundDeposit: ["transaction_id"] },
    log: () => {},
    handlers: { ...notImplementedHandlers, applyCode: notImplemented, refundDeposit: ({ body }) => (refunds.push(body.transaction_id), { id: body.transaction_id }) } as Handlers,
  });
  const refund = async (transactionId: string) => {
    const { headers, body } = signed(key, REFUND, { transaction_id: transactionId, address: "bc1qrefundaddress" });
    const answer = await api.handle({ method: "POST", path: REFUND, headers, rawBody: body });
    return { status: answer.status, body: JSON.parse(String(answer.body)) };
  };

  it("holds it as x-once-per is held: one refund of a deposit, the second refused keyed by the field", async () => {
    const id = "0b6f3c2e-8d4a-4f1b-9c7e-5a2d1e0f3b4c";
    expect(await refund(id)).toEqual({ status: 200, body: { id } });
    expect(await refund(id)).toEqual({ status: 400, body: { code: 0, message: "Validation failed", errors: { transaction_id: ["The transaction_id has already been applied."] } } });
    expect(refunds).toEqual([id]);
  });

  it("a declaration that names no operation or no field of its body is refused at setup, naming it", () => {
    const setup = (oncePer: unknown) => () => createApiHandler({ keys: () => undefined, handlers: notImplementedHandlers as Handlers, oncePer: oncePer as never });
    expect(setup({ refundDeposits: ["transaction_id"] })).toThrow(/^oncePer names refundDeposits, which is no operation of the document/);
    expect(setup({ refundDeposit: ["transactionId"] })).toThrow('oncePer gives refundDeposit "transactionId", which is no field of its request body (its fields: transaction_id, address)');
    expect(setup({ refundDeposit: [] })).toThrow("oncePer gives refundDeposit no list of fields: name one or more of its request body's (transaction_id, address)");
  });
});
