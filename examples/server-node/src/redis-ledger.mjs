// The team's ledger in Redis (stores.mjs, with REDIS_URL): the balances and the codes spent, beside
// the kit's stores, so that every process reads one balance.
import { accounts } from "./api.mjs";

// Balances in units of 10^-8, so that Redis adds them exactly; a code spent and credited in one
// script, so that it is never spent without its credit, nor credited twice.
const REDEEM = `if redis.call("SADD", KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call("HINCRBY", KEYS[2], ARGV[2], ARGV[3])
return 1`;
const toUnits = (amount) => (BigInt(amount.replace(".", "")) * 10n ** BigInt(8 - (amount.split(".")[1] ?? "").length)).toString();
const fromUnits = (units) => {
  const text = units.padStart(9, "0");
  return `${text.slice(0, -8)}.${text.slice(-8)}`.replace(/\.?0+$/, "") || "0";
};

export async function redisLedger(redis) {
  const balanceKey = (key) => `{ledger}:balance:${key}`;
  // Every process seeds the same first balances; HSETNX leaves a balance already there alone.
  for (const [key, { startingBalances }] of accounts) {
    for (const [ticker, amount] of Object.entries(startingBalances)) await redis.hsetnx(balanceKey(key), ticker, toUnits(amount));
  }
  return {
    balances: async (key) => Object.fromEntries(Object.entries(await redis.hgetall(balanceKey(key))).map(([ticker, units]) => [ticker, fromUnits(units)])),
    redeem: async (key, code) => (await redis.eval(REDEEM, 2, "{ledger}:spent", balanceKey(key), code.code, code.ticker, toUnits(code.amount))) === 1,
    /** Whether a code was spent: the kit asks it of a claim whose request's outcome is unknown. */
    wasSpent: async ({ value }) => (await redis.sismember("{ledger}:spent", value)) === 1,
  };
}
