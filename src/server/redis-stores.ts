// Nonces, rate-limit windows and once-only claims shared by several server processes, on Redis:
// each check is one Lua script, atomic on the Redis server, so that a replay sent to another
// process is refused, the documented limits count every process's requests, and a code is
// redeemed once whichever process each request reaches.
import { randomUUID } from "node:crypto";
import type { OperationId } from "../../generated/operations.js";
import { windowsOf } from "../rate-limits/sliding-windows.js";
import { NONCE_DIGITS, nonceFormatRefusal, nonceReusedRefusal, type NonceStore } from "./nonces.js";
import type { RateLimitStore } from "./rate-limit-store.js";
import type { ClaimStore } from "./claims.js";

/**
 * The one call the stores make: ioredis's `eval(script, numKeys, ...keys, ...args)`. For
 * node-redis, pass `{ eval: (script, n, ...a) => client.eval(script, { keys: a.slice(0, n).map(String), arguments: a.slice(n).map(String) }) }`.
 */
export type RedisEval = {
  eval(script: string, numKeys: number, ...keysAndArgs: (string | number)[]): Promise<unknown>;
  /** Needed for `replicas` only: ioredis's pipeline (and its Cluster's), so that WAIT follows the write on its connection. */
  pipeline?(): RedisPipeline;
};
export type RedisPipeline = {
  eval(script: string, numKeys: number, ...keysAndArgs: (string | number)[]): RedisPipeline;
  call(command: string, ...args: (string | number)[]): RedisPipeline;
  exec(): Promise<[Error | null, unknown][] | null>;
};

export type RedisStoreOptions = {
  /** Prefix of every key written (default "txc-api:"). */
  prefix?: string;
  /** A call Redis has not answered in this time fails: the request is answered 500, never accepted unchecked (default 1,000 ms). */
  timeoutMs?: number;
  /**
   * A nonce, a claim and its settlement count only once `count` replicas have them (Redis's WAIT,
   * for up to `timeoutMs`): a primary that dies before its replica has the write then loses nothing
   * a request was told. Fewer replicas in time: the call fails, and the request is answered 500 (its
   * claim left pending, for the ledger to resolve). Without it, a failover can lose what the primary
   * had not yet passed on. The rate-limit windows are not waited for.
   */
  replicas?: { count: number; timeoutMs: number };
};

// Nonces of up to 30 digits do not fit Lua's doubles: they are compared as digit strings
// (leading zeros dropped, then the longer is the greater, then the text).
const CHECK_AND_RECORD = `
local nonce = string.gsub(ARGV[1], "^0+", "")
local last = redis.call("GET", KEYS[1])
if last and (#nonce < #last or (#nonce == #last and nonce <= last)) then return {0, last} end
redis.call("SET", KEYS[1], nonce)
return {1, last or ""}`;
const RELEASE = `
if redis.call("GET", KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == "" then redis.call("DEL", KEYS[1]) else redis.call("SET", KEYS[1], ARGV[2]) end
return 1`;
// Every window of the operation has room, or none is counted. Redis's own clock, so that every
// process counts on one time line. Refused: the milliseconds until the fullest window frees (its
// oldest request leaves it); admitted: 0.
const ADMIT = `
local time = redis.call("TIME")
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local wait = 0
for i, key in ipairs(KEYS) do
  local period = tonumber(ARGV[2 * i])
  redis.call("ZREMRANGEBYSCORE", key, "-inf", now - period)
  if redis.call("ZCARD", key) >= tonumber(ARGV[2 * i - 1]) then
    local oldest = redis.call("ZRANGE", key, 0, 0, "WITHSCORES")
    wait = math.max(wait, tonumber(oldest[2]) + period - now, 1)
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  redis.call("ZADD", key, now, ARGV[#ARGV])
  redis.call("PEXPIRE", key, ARGV[2 * i])
end
return 0`;

// A claim is "pending:<token>:<deadline ms>:<overdue token>" while its request runs (no deadline:
// no lease), then "spent" for good, or deleted when freed. A pending claim past its deadline is
// taken over, and the earlier token answered, so that the kit asks the ledger about it. The same
// claim sent again (a client that resends a command its cut connection never answered) finds its
// own token and answers as the first time did. Redis's own clock, as ADMIT.
const CLAIM = `
local time = redis.call("TIME")
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local held = redis.call("GET", KEYS[1])
local overdue = ""
if held then
  local token, deadline, earlier = string.match(held, "^pending:([^:]*):(%d*):?([^:]*)$")
  if not token then return {0, "spent"} end
  if token == ARGV[1] then return {1, earlier} end
  if deadline == "" or tonumber(deadline) > now then return {0, "pending"} end
  overdue = token
end
local lease = tonumber(ARGV[2])
local until_ms = ""
if lease > 0 then until_ms = string.format("%d", now + lease) end
redis.call("SET", KEYS[1], "pending:" .. ARGV[1] .. ":" .. until_ms .. ":" .. overdue)
return {1, overdue}`;
const SETTLE = `
local held = redis.call("GET", KEYS[1])
if not held or string.match(held, "^pending:([^:]*):") ~= ARGV[1] then return 0 end
if ARGV[2] == "spent" then redis.call("SET", KEYS[1], "spent")
elseif ARGV[2] == "free" then redis.call("DEL", KEYS[1])
else redis.call("SET", KEYS[1], "pending:" .. ARGV[1] .. ":0:") end
return 1`;
// INFO is allowed in scripts (CONFIG is not): whether the append-only file is on.
const PERSISTENCE = `return redis.call("INFO", "persistence")`;

/** The nonce, rate-limit and claim stores on one Redis: `createApiHandler({ ...redisStores(redis), keys, handlers })`. */
export function redisStores(redis: RedisEval, { prefix = "txc-api:", timeoutMs = 1_000, replicas }: RedisStoreOptions = {}): { nonces: NonceStore; rateLimits: RateLimitStore; claims: ClaimStore } {
  if (!redis || typeof redis.eval !== "function") throw new TypeError("redisStores needs a Redis client with eval(script, numKeys, ...args), such as an ioredis instance");
  if (replicas !== undefined) checkReplicas(redis, replicas);
  const within = <T>(ms: number, answer: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Redis did not answer in ${ms} ms`)), ms);
      answer().then(resolve, reject).finally(() => clearTimeout(timer));
    });
  const call = (script: string, keys: string[], args: (string | number)[]) => within(timeoutMs, () => redis.eval(script, keys.length, ...keys, ...args));
  const write = !replicas ? call : (script: string, keys: string[], args: (string | number)[]) => within(timeoutMs + replicas.timeoutMs, () => replicatedWrite(redis, replicas, script, keys, args));
  const member = () => randomUUID();
  // One key per value, no hash tag: a Redis Cluster spreads the claims over its nodes.
  const claimKey = (operationId: OperationId, value: string) => `${prefix}claim:${operationId}:${value}`;
  return {
    nonces: {
      async checkAndRecord(apiKey, nonce) {
        if (!NONCE_DIGITS.test(nonce)) return nonceFormatRefusal;
        // A hash tag: every key of one API key is in one slot of a Redis Cluster.
        const key = `${prefix}nonce:{${apiKey}}`;
        const [accepted, previous] = (await write(CHECK_AND_RECORD, [key], [nonce])) as [number, string];
        if (!accepted) return nonceReusedRefusal(previous);
        const recorded = nonce.replace(/^0+/, "");
        return { accepted: true, release: async () => void (await call(RELEASE, [key], [recorded, previous])) };
      },
    },
    claims: {
      async claim(operationId, value, token, leaseMs) {
        const [taken, found] = (await write(CLAIM, [claimKey(operationId, value)], [token, leaseMs])) as [number, string];
        if (taken !== 1) return { taken: false, state: found === "pending" ? "pending" : "spent" };
        return found ? { taken: true, overdue: found } : { taken: true };
      },
      async settle(operationId, value, token, settlement) {
        await write(SETTLE, [claimKey(operationId, value)], [token, settlement]);
      },
      async warnings() {
        const info = String(await call(PERSISTENCE, [], []));
        if (!/^aof_enabled:0\s*$/m.test(info)) return [];
        return ["Redis runs without its append-only file (aof_enabled:0): a restart forgets the nonces and the codes spent, so that captured requests are accepted again. Run Redis with appendonly yes (and consider nonceMaxAgeMs)."];
      },
    },
    rateLimits: {
      async admit(operationId: OperationId, address: string) {
        const windows = windowsOf(operationId);
        if (windows.length === 0) return true;
        const keys = windows.map((window) => `${prefix}limit:{${address}}:${window.key}`);
        const args = windows.flatMap((window) => [window.requests, window.periodSeconds * 1000]);
        const waitMs = Number(await call(ADMIT, keys, [...args, member()]));
        return waitMs === 0 || { admitted: false, retryAfterMs: waitMs };
      },
    },
  };
}

/** A write that counts only once the replicas have it: WAIT right behind it, on its connection. */
async function replicatedWrite(redis: RedisEval, replicas: { count: number; timeoutMs: number }, script: string, keys: string[], args: (string | number)[]): Promise<unknown> {
  const answers = await redis.pipeline!().eval(script, keys.length, ...keys, ...args).call("WAIT", replicas.count, replicas.timeoutMs).exec();
  const [[scriptError, result], [waitError, acknowledged]] = answers as [[Error | null, unknown], [Error | null, unknown]];
  if (scriptError || waitError) throw scriptError ?? waitError;
  if (Number(acknowledged) < replicas.count) throw new Error(`Redis's write reached ${Number(acknowledged)} of ${replicas.count} replicas in ${replicas.timeoutMs} ms`);
  return result;
}

function checkReplicas(redis: RedisEval, replicas: unknown): void {
  const { count, timeoutMs } = (replicas ?? {}) as { count?: unknown; timeoutMs?: unknown };
  if (!Number.isSafeInteger(count) || (count as number) < 1) throw new TypeError(`redisStores: replicas.count must be a whole number of replicas, at least 1 (got ${String(count)})`);
  if (!Number.isSafeInteger(timeoutMs) || (timeoutMs as number) < 1) throw new TypeError(`redisStores: replicas.timeoutMs must be a positive whole number of milliseconds; WAIT's 0 would wait for ever (got ${String(timeoutMs)})`);
  if (typeof redis.pipeline !== "function") throw new TypeError("redisStores: replicas needs a client with pipeline() (ioredis, or its Cluster), so that WAIT follows each write on its connection");
}
