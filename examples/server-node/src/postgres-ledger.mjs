// The team's ledger in PostgreSQL (stores.mjs, with DATABASE_URL), the kit's nonces and claims in
// the same database: a code's claim is spent inside the transaction that credits it, so that the
// two commit together or not at all, and the kit asks the claims themselves whether a request
// whose outcome is unknown spent its code (stores.wasSpent).
import pg from "pg";
import { postgresStores } from "txc-api/server";
import { accounts } from "./api.mjs";

const SCHEMA = "CREATE TABLE IF NOT EXISTS balances (api_key text NOT NULL, ticker text NOT NULL, amount numeric NOT NULL, PRIMARY KEY (api_key, ticker))";
// The first balances, seeded by every process; a balance already there is left alone.
const SEED = "INSERT INTO balances (api_key, ticker, amount) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING";
const CREDIT = "INSERT INTO balances (api_key, ticker, amount) VALUES ($1, $2, $3) ON CONFLICT (api_key, ticker) DO UPDATE SET amount = balances.amount + excluded.amount";

/** One transaction on a client of its own; rolled back when `work` throws. */
async function inTransaction(pool, work) {
  const tx = await pool.connect();
  // A database that goes away mid-transaction fails the next query; without a listener it is also an uncaught error.
  tx.on("error", () => {});
  try {
    await tx.query("BEGIN");
    const result = await work(tx);
    await tx.query("COMMIT");
    return result;
  } catch (error) {
    await tx.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    tx.release();
  }
}

export async function postgresLedger(url) {
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 2_000 });
  // One line when the database goes away; the pool makes new connections once it is back.
  pool.on("error", (error) => console.error(`postgresql: ${error.message}`));
  const claims = postgresStores(pool);
  await claims.createTables();
  // Several processes start at once: one makes the table while the others wait (the lock ends with the transaction).
  await inTransaction(pool, async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('server-node balances'))");
    await tx.query(SCHEMA);
    for (const [key, { startingBalances }] of accounts) {
      for (const [ticker, amount] of Object.entries(startingBalances)) await tx.query(SEED, [key, ticker, amount]);
    }
  });
  const ledger = {
    balances: async (key) => {
      const { rows } = await pool.query("SELECT ticker, trim_scale(amount)::text AS amount FROM balances WHERE api_key = $1", [key]);
      return Object.fromEntries(rows.map(({ ticker, amount }) => [ticker, amount]));
    },
    /** Spends the claim and credits the code in one transaction: a code the kit let through is spent here, once. */
    redeem: (key, code, claim) =>
      inTransaction(pool, async (tx) => {
        await claims.spend(tx, "applyCode", claim); // first: the claim's row is this transaction's
        await tx.query(CREDIT, [key, code.ticker, code.amount]);
        return true;
      }),
  };
  return { ledger, stores: claims.stores };
}
