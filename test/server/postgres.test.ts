// The kit's nonces and claims on a real PostgreSQL (started here, its own data folder, run as a
// non-root user), the claim spent by the handler's own transaction with its credit. Races across
// two pools; a lease that ends while a handler still runs (its late commit refused, never a second
// credit); PostgreSQL shut down mid-transaction and crashed (an immediate shutdown, recovered from
// its log) between the claim and the credit: each ends with the retried code credited exactly once.
// A planted handler that credits without spending its claim in its transaction credits twice.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import { signRequest } from "../../src/index.js";
import { ClaimTakenOverError, createApiHandler, postgresStores, type ApiHandler, type PostgresStores } from "../../src/server-entry.js";
import { notWrittenYet } from "../helpers/not-written.js";
import { startPostgres, type Postgres } from "../helpers/postgres.js";

const APPLY = operationIndex.applyCode.path;
const key = { apiKey: "team-key", apiSecret: "team-secret" };
let postgres: Postgres;
let pool: pg.Pool;
let stores: PostgresStores;

const newPool = () => {
  const made = new pg.Pool({ connectionString: postgres.url, max: 8, connectionTimeoutMillis: 2_000 });
  // A server shut down under idle connections: the pool says so here, and makes new ones later.
  made.on("error", () => {});
  return made;
};

beforeAll(async () => {
  postgres = await startPostgres();
  pool = newPool();
  stores = postgresStores(pool);
  await stores.createTables();
  await pool.query("CREATE TABLE credits (code text NOT NULL, token uuid NOT NULL)");
});
afterAll(async () => {
  await pool?.end();
  await postgres?.close();
});

describe("the stores on PostgreSQL", () => {
  it("makes its tables from several processes at once, and again (createTables is safe to repeat)", async () => {
    const others = [newPool(), newPool(), newPool()];
    try {
      await Promise.all(others.map((other) => postgresStores(other).createTables()));
    } finally {
      await Promise.all(others.map((other) => other.end()));
    }
    const { rows } = await pool.query("SELECT count(*)::int AS tables FROM pg_tables WHERE tablename LIKE 'txc_api_%'");
    expect(rows[0].tables).toBe(2);
  });

  it("holds nonces in order per key, a refused request's nonce given back while still the last", async () => {
    const { nonces } = stores.stores;
    const apiKey = `nonce-${randomUUID()}`;
    const first = await nonces.checkAndRecord(apiKey, "1700000000001");
    expect(first).toMatchObject({ accepted: true });
    expect(await nonces.checkAndRecord(apiKey, "1700000000001")).toMatchObject({ accepted: false, reason: "nonce-reused", message: expect.stringContaining("(1700000000001)") });
    const second = await nonces.checkAndRecord(apiKey, "1700000000005");
    if (!second.accepted) throw new Error("the greater nonce was refused");
    await second.release();
    expect(await nonces.checkAndRecord(apiKey, "1700000000003")).toMatchObject({ accepted: true });
    expect(await nonces.checkAndRecord(apiKey, "x1")).toMatchObject({ accepted: false, reason: "nonce-format" });
    // Thirty digits, past what a double or a bigint column holds.
    expect(await nonces.checkAndRecord(apiKey, "9".repeat(30))).toMatchObject({ accepted: true });
  });

  it("gives one of twenty racers from two pools the claim, and one of twenty racers one nonce", async () => {
    const other = newPool();
    try {
      const pools = [stores, postgresStores(other)];
      const value = `RACE-${randomUUID()}`;
      const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => pools[i % 2]!.stores.claims.claim("applyCode", value, randomUUID(), 30_000)));
      expect(outcomes.filter((outcome) => outcome.taken)).toHaveLength(1);
      expect(outcomes.filter((outcome) => !outcome.taken && outcome.state === "pending")).toHaveLength(19);
      const apiKey = `race-${randomUUID()}`;
      const nonces = await Promise.all(Array.from({ length: 20 }, (_, i) => pools[i % 2]!.stores.nonces.checkAndRecord(apiKey, "1700000000001")));
      expect(nonces.filter((nonce) => nonce.accepted)).toHaveLength(1);
    } finally {
      await other.end();
    }
  });

  it("refuses the commit of a handler whose lease ended and whose claim another request took over", async () => {
    const value = `LATE-${randomUUID()}`;
    const [late, next] = [randomUUID(), randomUUID()];
    expect(await stores.stores.claims.claim("applyCode", value, late, 50)).toEqual({ taken: true });
    await until(async () => (await stores.stores.claims.claim("applyCode", value, next, 30_000)).taken);
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await expect(stores.spend(client, "applyCode", { token: late, value })).rejects.toThrow(ClaimTakenOverError);
      await client.query("ROLLBACK");
    } finally {
      client.release();
    }
    expect(await stores.stores.wasSpent({ operationId: "applyCode", value, fields: { code: value }, token: late })).toBe(false);
  });
});

/** Polls `condition` until it holds: the condition a test needs (a lease ended), made, not slept for. */
async function until(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A point in the handler where it waits for the test: `reached` once it is there. */
type Gate = { reached: Promise<void>; open(): void; wait(): Promise<void> };
function gate(): Gate {
  let reachedResolve!: () => void;
  let openResolve!: () => void;
  const reached = new Promise<void>((resolve) => (reachedResolve = resolve));
  const opened = new Promise<void>((resolve) => (openResolve = resolve));
  return { reached, open: openResolve, wait: () => (reachedResolve(), opened) };
}
type PausedAt = "before its transaction" | "before its commit";

/**
 * The team's server: applyCode credits in one transaction with its claim spent first (planted:
 * without spending it, the kit settling it after the answer, outside the credit's transaction).
 * `pause` holds the next handler at a point; `throwAfterCommit` throws once the credit is
 * committed (a timeout after the write).
 */
function teamApi({ spendInTransaction = true, claimLeaseMs = 300, throwAfterCommit = false } = {}): { api: ApiHandler; pause(at: PausedAt): Gate } {
  let paused: { at: PausedAt; gate: Gate } | undefined;
  const pausing = async (at: PausedAt) => {
    if (paused?.at !== at) return;
    const { gate: waiting } = paused;
    paused = undefined;
    await waiting.wait();
  };
  const api = createApiHandler({
    keys: (apiKey) => (apiKey === key.apiKey ? { secret: key.apiSecret, partner: true } : undefined),
    ...stores.stores, claimLeaseMs, rateLimits: false,
    handlers: {
      ...notWrittenYet(),
      applyCode: async ({ body, claim }) => {
        await pausing("before its transaction");
        const client = await pool.connect();
        // The database shut down mid-transaction: the next query fails, and the client says so here, not as an uncaught error.
        client.on("error", () => {});
        try {
          await client.query("BEGIN");
          if (spendInTransaction) await stores.spend(client, "applyCode", claim!);
          await client.query("INSERT INTO credits (code, token) VALUES ($1, $2)", [body.code, claim!.token]);
          await pausing("before its commit");
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK").catch(() => {});
          throw error;
        } finally {
          client.release();
        }
        if (throwAfterCommit) throw new Error("the answer timed out after the commit");
        return { message: "Code was successfully applied", ticker: "USDT", amount: "25", external_id: randomUUID() };
      },
    },
  });
  return { api, pause: (at) => (paused = { at, gate: gate() }).gate };
}

let nonce = Date.now() * 1000;
/** applyCode of `code` through the kit: its status and the message of its first error. */
async function apply(api: ApiHandler, code: string): Promise<{ status: number; said: string }> {
  const signed = signRequest({ path: APPLY, body: { code }, ...key, nonce: ++nonce });
  const answer = await api.fetch(new Request(`http://127.0.0.1${APPLY}`, { method: "POST", headers: signed.headers, body: signed.body }), { address: "127.0.0.1" });
  const body = (await answer.json()) as { errors?: Record<string, string[]>; message?: string };
  return { status: answer.status, said: Object.values(body.errors ?? {})[0]?.[0] ?? body.message ?? "" };
}
const credits = async (code: string) => Number((await pool.query("SELECT count(*) AS n FROM credits WHERE code = $1", [code])).rows[0].n);

/** Retries as a customer does until the code is answered 200 or refused as spent: the statuses seen. */
async function retryUntilSettled(api: ApiHandler, code: string): Promise<number[]> {
  const statuses: number[] = [];
  await until(async () => {
    const { status, said } = await apply(api, code).catch(() => ({ status: 0, said: "" }));
    statuses.push(status);
    return status === 200 || /already been applied/.test(said);
  }, 30_000);
  return statuses;
}

describe("money moves once on PostgreSQL, after a fault", () => {
  beforeEach(async () => {
    if (!(await pool.query("SELECT 1").then(() => true, () => false))) await postgres.start();
  });

  it("a code applied once, and again: 200, then 400 already applied, one credit", async () => {
    const { api } = teamApi();
    const code = `ONCE-${randomUUID()}`;
    expect((await apply(api, code)).status).toBe(200);
    expect(await apply(api, code)).toEqual({ status: 400, said: "The code has already been applied." });
    expect(await credits(code)).toBe(1);
  });

  it.each([
    ["shut down", (server: Postgres) => server.stop()],
    ["crashed (an immediate shutdown)", (server: Postgres) => server.crash()],
  ])("PostgreSQL %s between the claim and the credit's commit: 500, and once it is back the retried code is credited exactly once", async (_name, fault) => {
    const { api, pause } = teamApi();
    const code = `FAULT-${randomUUID()}`;
    const held = pause("before its commit");
    const first = apply(api, code);
    await held.reached;
    await fault(postgres);
    held.open();
    expect((await first).status).toBe(500);
    await postgres.start();
    expect((await retryUntilSettled(api, code)).at(-1)).toBe(200);
    expect(await apply(api, code)).toMatchObject({ status: 400, said: "The code has already been applied." });
    expect(await credits(code)).toBe(1);
  });

  it("a handler inside its transaction holds the code: others are told it is being handled, whatever the lease", async () => {
    const { api, pause } = teamApi({ claimLeaseMs: 50 });
    const code = `HELD-${randomUUID()}`;
    const held = pause("before its commit");
    const slow = apply(api, code);
    await held.reached;
    // Past the lease: still refused as pending, at once (the claim's row is locked by the transaction).
    await until(async () => (await pool.query("SELECT deadline < clock_timestamp() AS ended FROM txc_api_claims WHERE value = $1", [code])).rows[0]?.ended === true);
    expect(await apply(api, code)).toMatchObject({ status: 400, said: expect.stringMatching(/^A request with this code is being handled/) });
    held.open();
    expect((await slow).status).toBe(200);
    expect(await credits(code)).toBe(1);
  });

  it("a handler whose lease ends before its transaction: the retry is credited, the late handler's spend refused, one credit", async () => {
    const { api, pause } = teamApi({ claimLeaseMs: 100 });
    const code = `SLOW-${randomUUID()}`;
    const held = pause("before its transaction");
    const slow = apply(api, code);
    await held.reached;
    expect((await retryUntilSettled(api, code)).at(-1)).toBe(200);
    held.open();
    expect((await slow).status).toBe(500);
    expect(await credits(code)).toBe(1);
    expect(await apply(api, code)).toMatchObject({ status: 400, said: "The code has already been applied." });
  });

  it("a handler that throws after its commit: the claim is spent (its transaction said so), the retry refused, one credit", async () => {
    const { api } = teamApi({ throwAfterCommit: true });
    const code = `THROWN-${randomUUID()}`;
    expect((await apply(api, code)).status).toBe(500);
    expect(await apply(api, code)).toMatchObject({ status: 400, said: "The code has already been applied." });
    expect(await credits(code)).toBe(1);
  });

  it("planted: a handler that credits without spending its claim in its transaction, and throws after its commit: credited twice", async () => {
    const { api } = teamApi({ spendInTransaction: false, throwAfterCommit: true });
    const code = `PLANTED-${randomUUID()}`;
    expect((await apply(api, code)).status).toBe(500);
    await apply(api, code);
    expect(await credits(code)).toBe(2);
  });
});
