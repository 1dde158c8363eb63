// Nonces and once-only claims on PostgreSQL, in the database the money lives in: each check is one
// statement (a function the tables come with), atomic across every process, and a claim is spent
// by the handler's own transaction (`spend`), with its credit, so that the claim and the credit
// commit together or not at all. A handler whose claim was taken over (its lease ended while it
// ran) cannot commit: its `spend` finds the claim held by another token and throws, rolling the
// credit back. So a pending claim past its lease was never spent, and the kit needs no other ledger.
import type { OperationId } from "../../generated/operations.js";
import type { ClaimStore, HeldClaim, WasSpent } from "./claims.js";
import { NONCE_DIGITS, nonceFormatRefusal, nonceReusedRefusal, type NonceStore } from "./nonces.js";

/** The one call the stores make: node-postgres's `query(text, values)` (a `pg.Pool`, or a client in a transaction). */
export type PostgresQuery = { query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }> };

export type PostgresStoreOptions = {
  /** Prefix of the tables and functions made (default "txc_api_"): lower-case letters, digits and underscores. */
  prefix?: string;
  /** A call the database has not answered in this time fails: the request is answered 500, never accepted unchecked (default 2,000 ms). */
  timeoutMs?: number;
};

/** `spend` found the claim no longer held by the request: its lease ended and another request holds it. Roll the transaction back. */
export class ClaimTakenOverError extends Error {
  override name = "ClaimTakenOverError";
}

export type PostgresStores = {
  /**
   * For createApiHandler (`...pg.stores`): the nonces, the claims, and the claims' own answer to
   * the kit's question (a claim was spent only if its handler's transaction committed `spend`).
   */
  stores: { nonces: NonceStore; claims: ClaimStore; wasSpent: WasSpent };
  /**
   * Spends the handler's claim inside the handler's transaction, first, before the credit: then
   * the claim and the credit commit together. Throws ClaimTakenOverError when the claim is no
   * longer the request's; the transaction must then roll back.
   */
  spend(transaction: PostgresQuery, operationId: OperationId, claim: HeldClaim): Promise<void>;
  /** The tables and functions, made if missing (safe from several processes at once): await it before the server listens. */
  createTables(): Promise<void>;
  /** The same as SQL, for a migration tool instead of createTables. */
  readonly schema: string;
};

/** The SQL of the tables and of the two functions each check is one call of. */
function schemaOf(p: string): string {
  return `
CREATE TABLE IF NOT EXISTS ${p}nonces (api_key text PRIMARY KEY, last numeric(30, 0) NOT NULL);
CREATE TABLE IF NOT EXISTS ${p}claims (
  operation_id text NOT NULL, value text NOT NULL, token uuid NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'spent')), deadline timestamptz,
  PRIMARY KEY (operation_id, value));
CREATE OR REPLACE FUNCTION ${p}take_nonce(p_key text, p_nonce numeric, OUT accepted boolean, OUT previous numeric) AS $$
BEGIN
  LOOP
    SELECT last INTO previous FROM ${p}nonces WHERE api_key = p_key FOR UPDATE;
    IF FOUND THEN
      accepted := p_nonce > previous;
      IF accepted THEN UPDATE ${p}nonces SET last = p_nonce WHERE api_key = p_key; END IF;
      RETURN;
    END IF;
    INSERT INTO ${p}nonces (api_key, last) VALUES (p_key, p_nonce) ON CONFLICT (api_key) DO NOTHING;
    IF FOUND THEN accepted := true; RETURN; END IF;
  END LOOP;
END $$ LANGUAGE plpgsql;
CREATE OR REPLACE FUNCTION ${p}claim(p_operation text, p_value text, p_token uuid, p_lease_ms bigint, OUT taken boolean, OUT held text, OUT overdue uuid) AS $$
DECLARE
  current record;
  until timestamptz := CASE WHEN p_lease_ms > 0 THEN clock_timestamp() + p_lease_ms * interval '1 millisecond' END;
BEGIN
  LOOP
    BEGIN
      -- Locked: a handler's transaction holds it (its spend), so it is being handled, whatever its lease.
      SELECT * INTO current FROM ${p}claims c WHERE c.operation_id = p_operation AND c.value = p_value FOR UPDATE NOWAIT;
    EXCEPTION WHEN lock_not_available THEN
      taken := false; held := 'pending'; RETURN;
    END;
    IF FOUND THEN
      IF current.state = 'spent' THEN taken := false; held := 'spent'; RETURN; END IF;
      IF current.deadline IS NULL OR current.deadline > clock_timestamp() THEN taken := false; held := 'pending'; RETURN; END IF;
      UPDATE ${p}claims c SET token = p_token, deadline = until WHERE c.operation_id = p_operation AND c.value = p_value;
      taken := true; overdue := current.token; RETURN;
    END IF;
    -- None yet: made, unless another request made it meanwhile (then read again).
    INSERT INTO ${p}claims (operation_id, value, token, state, deadline) VALUES (p_operation, p_value, p_token, 'pending', until)
      ON CONFLICT (operation_id, value) DO NOTHING;
    IF FOUND THEN taken := true; RETURN; END IF;
  END LOOP;
END $$ LANGUAGE plpgsql;`;
}

export function postgresStores(database: PostgresQuery, { prefix = "txc_api_", timeoutMs = 2_000 }: PostgresStoreOptions = {}): PostgresStores {
  if (!database || typeof database.query !== "function") throw new TypeError("postgresStores needs a PostgreSQL client with query(text, values), such as a pg.Pool");
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix)) throw new TypeError(`postgresStores: prefix must be lower-case letters, digits and underscores (got ${JSON.stringify(prefix)})`);
  const call = (text: string, values: unknown[], on: PostgresQuery = database) =>
    new Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`PostgreSQL did not answer in ${timeoutMs} ms`)), timeoutMs);
      on.query(text, values).then(resolve, reject).finally(() => clearTimeout(timer));
    });
  const claims = `${prefix}claims`;
  const mine = "operation_id = $1 AND value = $2 AND token = $3::uuid AND state = 'pending'";
  const schema = schemaOf(prefix);
  return {
    schema,
    async createTables() {
      // One at a time across processes: CREATE ... IF NOT EXISTS alone races in PostgreSQL's catalogue.
      await database.query(`BEGIN; SELECT pg_advisory_xact_lock(hashtext('${prefix}schema')); ${schema} COMMIT;`);
    },
    stores: {
      nonces: {
        async checkAndRecord(apiKey, nonce) {
          if (!NONCE_DIGITS.test(nonce)) return nonceFormatRefusal;
          const { rows } = await call(`SELECT accepted, previous::text AS previous FROM ${prefix}take_nonce($1, $2::numeric)`, [apiKey, nonce]);
          const { accepted, previous } = rows[0] as { accepted: boolean; previous: string | null };
          if (!accepted) return nonceReusedRefusal(previous!);
          // Given back only while it is still the last: a later nonce taken meanwhile stays.
          const release = async () => {
            if (previous === null) await call(`DELETE FROM ${prefix}nonces WHERE api_key = $1 AND last = $2::numeric`, [apiKey, nonce]);
            else await call(`UPDATE ${prefix}nonces SET last = $3::numeric WHERE api_key = $1 AND last = $2::numeric`, [apiKey, nonce, previous]);
          };
          return { accepted: true, release };
        },
      },
      claims: {
        async claim(operationId, value, token, leaseMs) {
          const { rows } = await call(`SELECT taken, held, overdue::text AS overdue FROM ${prefix}claim($1, $2, $3::uuid, $4)`, [operationId, value, token, leaseMs]);
          const { taken, held, overdue } = rows[0] as { taken: boolean; held: "pending" | "spent" | null; overdue: string | null };
          if (!taken) return { taken: false, state: held! };
          return overdue ? { taken: true, overdue } : { taken: true };
        },
        async settle(operationId, value, token, settlement) {
          const values = [operationId, value, token];
          if (settlement === "spent") await call(`UPDATE ${claims} SET state = 'spent', deadline = NULL WHERE ${mine}`, values);
          else if (settlement === "free") await call(`DELETE FROM ${claims} WHERE ${mine}`, values);
          else await call(`UPDATE ${claims} SET deadline = clock_timestamp() WHERE ${mine}`, values);
        },
      },
      async wasSpent({ operationId, value, token }) {
        const { rows } = await call(`SELECT 1 FROM ${claims} WHERE operation_id = $1 AND value = $2 AND token = $3::uuid AND state = 'spent'`, [operationId, value, token]);
        return rows.length > 0;
      },
    },
    async spend(transaction, operationId, claim) {
      if (!claim) throw new TypeError(`spend(transaction, "${operationId}", claim): no claim given: only a once-only operation's handler holds one (its context's claim)`);
      const { rowCount } = await call(`UPDATE ${claims} SET state = 'spent', deadline = NULL WHERE ${mine}`, [operationId, claim.value, claim.token], transaction);
      if (rowCount !== 1) throw new ClaimTakenOverError(`${operationId}: the claim on this value is no longer this request's (its lease ended and another request holds it): roll the transaction back`);
    },
  };
}
