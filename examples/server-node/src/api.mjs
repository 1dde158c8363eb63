// A server built on txc-api/server: three operations for real, the rest not implemented yet.
// The kit checks the signature, the nonce, the body, the partner-only rule and the rate limits
// before a handler runs, and claims a code before applyCode runs (the document: a code succeeds
// once); each handler only does its operation's own work.
import { operationIndex } from "txc-api";
import { createApiHandler, invalidField, notImplemented } from "txc-api/server";

// The API keys and their accounts' first balances. The secret comes from the environment.
const apiKey = process.env.TXC_API_KEY ?? "demo-key";
export const accounts = new Map([[apiKey, { secret: process.env.TXC_API_SECRET, partner: true, startingBalances: { BTC: "0.5", USDT: "1200" } }]]);
const codes = new Map([
  ["TXC-USDT-7F3K9Q2M8Z4W", { code: "TXC-USDT-7F3K9Q2M8Z4W", passphrase: "blue-harbour-42", ticker: "USDT", amount: "25" }],
  ["TXC-BTC-2H6N1V5X0C7B", { code: "TXC-BTC-2H6N1V5X0C7B", ticker: "BTC", amount: "0.00012345" }],
]);
const plan = { id: "6f1e2d3c-4b5a-4978-8a6b-1c2d3e4f5a6b", ticker: "USDT", status: 1, percent: "12.5", duration: 43200, interestTicker: "USDT", interestRatio: "1", minInvestment: "100", maxInvestment: "100000", maxPossibleInvestment: "48250.75" };
const investments = Array.from({ length: 120 }, (_, i) => ({
  id: `0d3b5c9a-6c2e-4f71-9a34-${String(i).padStart(12, "0")}`, plan, status: i % 3 === 0 ? 2 : 1,
  created: 1699990000 + i, updated: 1699990000 + i, paymentTime: 1702582000 + i, amount: "1500", interestPaid: "0",
}));

// Every signed operation of the document "not implemented" until it is written (an operation added
// to the document later starts so too); the three below are written.
const notWrittenYet = Object.fromEntries(Object.entries(operationIndex).filter(([, operation]) => operation.signed).map(([id]) => [id, notImplemented]));

/** Adds two decimal strings exactly (a real server would use its database's decimals). */
const add = (a, b) => {
  const scale = Math.max((a.split(".")[1] ?? "").length, (b.split(".")[1] ?? "").length);
  const units = (text) => BigInt(text.replace(".", "") + "0".repeat(scale - (text.split(".")[1] ?? "").length));
  const sum = (units(a) + units(b)).toString().padStart(scale + 1, "0");
  return scale ? `${sum.slice(0, -scale)}.${sum.slice(-scale)}`.replace(/\.?0+$/, "") : sum;
};

/**
 * The team's own state, standing in for its database: the balances and the codes spent, in this
 * process. Several processes need one ledger that all of them see (stores.mjs keeps it in Redis).
 */
export function memoryLedger() {
  const balances = new Map([...accounts].map(([key, account]) => [key, { ...account.startingBalances }]));
  const spent = new Set();
  return {
    balances: async (key) => balances.get(key) ?? {},
    /** Spends the code and credits it, or false when it was spent already. */
    redeem: async (key, code) => {
      if (spent.has(code.code)) return false;
      spent.add(code.code);
      const held = balances.get(key);
      held[code.ticker] = add(held[code.ticker] ?? "0", code.amount);
      return true;
    },
  };
}

export function createApi({ ledger = memoryLedger(), ...options } = {}) {
  if (!process.env.TXC_API_SECRET) {
    console.error("set TXC_API_SECRET: the API key's secret (never in the code)");
    process.exit(1);
  }
  return createApiHandler({
    keys: (key) => accounts.get(key),
    ...options,
    handlers: {
      ...notWrittenYet,
      getMainBalance: async ({ body, apiKey: key }) => {
        const balances = await ledger.balances(key);
        if (body.ticker !== undefined) return { [body.ticker]: { main_balance: balances[body.ticker] ?? "0" } };
        return Object.fromEntries(Object.entries(balances).map(([ticker, amount]) => [ticker, { main_balance: amount }]));
      },
      applyCode: async ({ body, apiKey: key, claim }) => {
        const code = codes.get(body.code);
        if (!code) return invalidField("code", "The code is not valid.");
        if ((code.passphrase ?? undefined) !== body.passphrase) return invalidField("passphrase", "The passphrase does not match the code.");
        if (!(await ledger.redeem(key, code, claim))) return invalidField("code", "The code has already been applied.");
        return { message: "Code was successfully applied", ticker: code.ticker, amount: code.amount, external_id: crypto.randomUUID() };
      },
      getInvestmentsHistory: ({ body }) => {
        const matching = investments.filter((i) => (body.id === undefined || i.id === body.id) && (body.ticker === undefined || i.plan.ticker === body.ticker) && (body.status === undefined || i.status === body.status));
        return { offset: body.offset, limit: body.limit, records: matching.slice(body.offset, body.offset + body.limit) };
      },
    },
  });
}
