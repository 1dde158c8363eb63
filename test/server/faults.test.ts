// Money moves once after a fault, tested against real processes: two node:cluster workers over a
// real redis-server that keeps its append-only file, the team's ledger in the same Redis (each code
// spent and credited in one script), and wasSpent asking it. Each fault ends with the customer's
// retried code credited exactly once; each planted defect fails the same check.
import { afterEach, describe, expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import { signRequest } from "../../src/index.js";
import { startClusterTeam, teamCodes, teamKeys, type ClusterTeam, type Code } from "../helpers/cluster-team.js";
import { outputMatching } from "../helpers/processes.js";
import { STUCK_MS } from "../helpers/project.js";
import { send, type Heard } from "../helpers/raw-requests.js";
import { startRedis, type RedisServer } from "../helpers/redis.js";
import { startTcpRelay, type TcpRelay } from "../helpers/tcp-relay.js";

const APPLY = operationIndex.applyCode.path;
const BALANCE = operationIndex.getMainBalance.path;
const keys = teamKeys(9);
const codes = teamCodes(9, "FAULT");
// Longer than the slowest handler here (its ledger waits 1.5 s): a lease shorter than a handler
// would let a retry resolve a claim whose handler is still running.
const LEASE_MS = 2_500;
let nonce = Date.now() * 1000;
const started: ClusterTeam[] = [];
const redisServers: RedisServer[] = [];
const relays: TcpRelay[] = [];

afterEach(async () => {
  for (const team of started.splice(0)) await team.stop();
  for (const relay of relays.splice(0)) await relay.close();
  for (const redis of redisServers.splice(0)) await redis.stop();
});

/** `throughRelay`: the workers reach Redis through a TCP relay the test can cut. */
async function setUp(env: Record<string, string>, throughRelay = false) {
  const redis = await startRedis({ persist: true });
  redisServers.push(redis);
  const relay = throughRelay ? await startTcpRelay(redis.port) : undefined;
  if (relay) relays.push(relay);
  const redisUrl = relay ? `redis://127.0.0.1:${relay.port}` : redis.url;
  const team = await startClusterTeam({ redisUrl, keys, codes, env: { LEDGER: "once", CLAIM_LEASE_MS: String(LEASE_MS), ...env } });
  started.push(team);
  return { redis, relay, team };
}

const post = (team: ClusterTeam, keyIndex: number, path: string, body: Record<string, unknown>) =>
  send(`${team.baseUrl}${path}`, signRequest({ path, body, ...keys[keyIndex]!, nonce: ++nonce }));
const errorOf = (heard: Heard): string => ("status" in heard ? ((heard.body as any)?.errors?.code?.[0] ?? "") : "");
const beingHandled = (heard: Heard) => "status" in heard && heard.status === 400 && errorOf(heard).startsWith("A request with this code is being handled;");
/** Answers that say "not yet": no connection, a store still away (500), the claim's lease still running. */
const notYet = (heard: Heard) => !("status" in heard) || heard.status === 500 || beingHandled(heard);

/**
 * The customer retries until an answer that is not "not yet", or until `until` (ms since epoch) has
 * passed with every answer "not yet": then the last answer.
 */
async function retry(team: ClusterTeam, keyIndex: number, code: Code, until = Date.now() + STUCK_MS): Promise<Heard> {
  for (;;) {
    const heard = await post(team, keyIndex, APPLY, { code: code.code });
    if (!notYet(heard) || Date.now() > until) return heard;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
async function balanceOf(team: ClusterTeam, keyIndex: number, ticker: string): Promise<string> {
  const heard = await post(team, keyIndex, BALANCE, { ticker });
  return (heard as { body: Record<string, { main_balance: string }> }).body[ticker]!.main_balance;
}
const handlings = (team: ClusterTeam, code: Code) => team.output().split(`handling ${code.code} in `).length - 1;

describe("Redis stopped between the claim and the credit (restarted with its append-only file)", () => {
  /** The first request's handler is running when Redis stops; the answer, then the retry's once Redis is back. */
  async function strandAndRetry(env: Record<string, string>, code: Code, keyIndex: number, retryUntil?: number) {
    const { redis, team } = await setUp({ LEDGER_DELAY_MS: "1500", ...env });
    const first = post(team, keyIndex, APPLY, { code: code.code });
    await outputMatching(team, new RegExp(`handling ${code.code} in`));
    await redis.pause();
    const firstAnswer = await first;
    await redis.resume();
    const retried = await retry(team, keyIndex, code, retryUntil);
    return { team, firstAnswer, retried };
  }

  it("the first request fails 500; the customer's retry is credited exactly once, and a third is refused as spent", async () => {
    const code = codes[0]!;
    const { team, firstAnswer, retried } = await strandAndRetry({}, code, 0);
    expect(firstAnswer).toMatchObject({ status: 500 });
    expect(retried).toMatchObject({ status: 200, body: { ticker: code.ticker, amount: code.amount } });
    expect(await balanceOf(team, 0, code.ticker)).toBe(code.amount);
    expect(errorOf(await post(team, 0, APPLY, { code: code.code }))).toBe("The code has already been applied.");
    // The outage is told in two lines per worker that saw it, not one per request refused.
    expect(team.output()).toMatch(/txc-api server error: the (rate-limit|claim|nonce) store failed/);
    expect(team.output()).toMatch(/txc-api server warn: the (rate-limit|claim|nonce) store answers again after \d+\.\d s; \d+ requests? refused 500 in between/);
  });

  it("planted (no reconciliation, WAS_SPENT=off): the code stays refused long after the lease would have ended", async () => {
    const code = codes[1]!;
    const { team, retried } = await strandAndRetry({ WAS_SPENT: "off" }, code, 1, Date.now() + 2 * LEASE_MS + 1_000);
    expect(beingHandled(retried)).toBe(true);
    expect(await balanceOf(team, 1, code.ticker)).toBe("0");
  });
});

describe("a worker killed with SIGKILL while its handler runs", () => {
  async function killMidHandler(env: Record<string, string>, code: Code, keyIndex: number, at: "handling" | "credited") {
    const { team } = await setUp({ LEDGER_DELAY_MS: "1500", ...env });
    const first = post(team, keyIndex, APPLY, { code: code.code });
    const output = await outputMatching(team, new RegExp(`${at} ${code.code} in \\d+`));
    const pid = Number(new RegExp(`${at} ${code.code} in (\\d+)`).exec(output)![1]);
    process.kill(pid, "SIGKILL");
    expect(await first).toHaveProperty("ended");
    return { team, retried: await retry(team, keyIndex, code) };
  }

  it("before its credit: the retry, on the worker left, is credited exactly once", async () => {
    const code = codes[2]!;
    const { team, retried } = await killMidHandler({}, code, 2, "handling");
    expect(retried).toMatchObject({ status: 200, body: { ticker: code.ticker, amount: code.amount } });
    expect(await balanceOf(team, 2, code.ticker)).toBe(code.amount);
  });

  it("after its credit, before its answer: the retry is refused as spent (wasSpent found the credit), credited once", async () => {
    const code = codes[3]!;
    const { team, retried } = await killMidHandler({ DELAY: "after" }, code, 3, "credited");
    expect(errorOf(retried)).toBe("The code has already been applied.");
    expect(await balanceOf(team, 3, code.ticker)).toBe(code.amount);
    expect(handlings(team, code)).toBe(1);
  });
});

describe("a handler that commits its credit and then throws", () => {
  it("with wasSpent: answered 500, and the retry is refused as spent without reaching the handler", async () => {
    const code = codes[4]!;
    const { team } = await setUp({ THROW_AFTER_COMMIT: "1" });
    expect(await post(team, 4, APPLY, { code: code.code })).toMatchObject({ status: 500 });
    expect(errorOf(await post(team, 4, APPLY, { code: code.code }))).toBe("The code has already been applied.");
    expect(handlings(team, code)).toBe(1);
    expect(await balanceOf(team, 4, code.ticker)).toBe(code.amount);
  });

  it("planted (the claim given back after a committed credit, WAS_SPENT=off): the retry reaches the handler again", async () => {
    const code = codes[5]!;
    const { team } = await setUp({ THROW_AFTER_COMMIT: "1", WAS_SPENT: "off" });
    await post(team, 5, APPLY, { code: code.code });
    await post(team, 5, APPLY, { code: code.code });
    expect(handlings(team, code)).toBe(2);
  });
});

describe("the connection to Redis cut right after the claim (its answer lost, a TCP relay between the workers and Redis)", () => {
  // Only the claim's script holds this line.
  const CLAIM_SCRIPT = "local overdue";
  async function cutAfterClaim(env: Record<string, string>, code: Code, keyIndex: number) {
    const { relay, team } = await setUp(env, true);
    const cut = relay!.cutAfterAnswerTo(CLAIM_SCRIPT);
    const first = await post(team, keyIndex, APPLY, { code: code.code });
    await cut;
    return { team, first };
  }

  it("a client that fails fast: answered 500; the retry, once the lease has ended, is credited exactly once", async () => {
    const code = codes[6]!;
    const { team, first } = await cutAfterClaim({}, code, 6);
    expect(first).toMatchObject({ status: 500 });
    expect(await retry(team, 6, code)).toMatchObject({ status: 200, body: { ticker: code.ticker, amount: code.amount } });
    expect(await balanceOf(team, 6, code.ticker)).toBe(code.amount);
    expect(errorOf(await post(team, 6, APPLY, { code: code.code }))).toBe("The code has already been applied.");
    expect(handlings(team, code)).toBe(1);
  });

  it("ioredis's defaults (the unanswered claim sent again): the claim finds its own token, and the first request is credited once", async () => {
    const code = codes[7]!;
    const { team, first } = await cutAfterClaim({ REDIS_RESEND: "1" }, code, 7);
    expect(first).toMatchObject({ status: 200, body: { ticker: code.ticker, amount: code.amount } });
    expect(errorOf(await post(team, 7, APPLY, { code: code.code }))).toBe("The code has already been applied.");
    expect(await balanceOf(team, 7, code.ticker)).toBe(code.amount);
    expect(handlings(team, code)).toBe(1);
  });

  it("planted (no reconciliation, WAS_SPENT=off): the code stays refused long after the lease would have ended", async () => {
    const code = codes[8]!;
    const { team, first } = await cutAfterClaim({ WAS_SPENT: "off" }, code, 8);
    expect(first).toMatchObject({ status: 500 });
    expect(beingHandled(await retry(team, 8, code, Date.now() + 2 * LEASE_MS + 1_000))).toBe(true);
    expect(await balanceOf(team, 8, code.ticker)).toBe("0");
  });
});
