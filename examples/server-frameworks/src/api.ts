// The API on txc-api/server, the same for every framework below: three operations for real, the
// rest not implemented yet. The kit checks the signature, the nonce, the body, the partner-only
// rule and the rate limits, and claims a code once, before a handler runs.
import { operationIndex } from "txc-api";
import { createApiHandler, invalidField, notImplemented, type NotImplemented, type PrivateOperationId, type ResponseBody } from "txc-api/server";

/** An environment variable the server cannot start without: one line, and the process stops. */
function required(name: string, what: string): string {
  const value = process.env[name];
  if (value) return value;
  console.error(`set ${name}: ${what}`);
  process.exit(1);
}

const apiKey = required("TXC_API_KEY", "the API key this server accepts");
const secret = required("TXC_API_SECRET", "the API key's secret (never in the code)");
export const port = Number(process.env.PORT ?? 8080);

/** Adds two decimal strings exactly (a real server would use its database's decimals). */
function add(a: string, b: string): string {
  const decimals = (text: string) => text.split(".")[1] ?? "";
  const scale = Math.max(decimals(a).length, decimals(b).length);
  const units = (text: string) => BigInt(text.replace(".", "") + "0".repeat(scale - decimals(text).length));
  const sum = (units(a) + units(b)).toString().padStart(scale + 1, "0");
  return scale ? `${sum.slice(0, -scale)}.${sum.slice(-scale)}`.replace(/\.?0+$/, "") : sum;
}

// The team's own state, standing in for its database: balances and codes, in this process.
const balances: Record<string, string> = { BTC: "0.5", USDT: "1200" };
const codes = new Map([
  ["TXC-USDT-7F3K9Q2M8Z4W", { passphrase: "blue-harbour-42", ticker: "USDT", amount: "25" }],
  ["TXC-BTC-2H6N1V5X0C7B", { passphrase: undefined, ticker: "BTC", amount: "0.00012345" }],
]);
const plan = { id: "6f1e2d3c-4b5a-4978-8a6b-1c2d3e4f5a6b", ticker: "USDT", status: 1, percent: "12.5", duration: 43200, interestTicker: "USDT", interestRatio: "1", minInvestment: "100", maxInvestment: "100000", maxPossibleInvestment: "48250.75" } as const;
const investments: ResponseBody<"getInvestmentsHistory">["records"] = Array.from({ length: 120 }, (_, i) => ({
  id: `0d3b5c9a-6c2e-4f71-9a34-${String(i).padStart(12, "0")}`, plan, status: i % 3 === 0 ? 2 : 1,
  created: 1699990000 + i, updated: 1699990000 + i, paymentTime: 1702582000 + i, amount: "1500", interestPaid: "0",
}));

// Every signed operation of the document "not implemented" until it is written (an operation added
// to the document later starts so too, and this file still compiles); the three below are written.
const notWrittenYet = Object.fromEntries(Object.entries(operationIndex).filter(([, operation]) => operation.signed).map(([id]) => [id, notImplemented])) as Record<PrivateOperationId, NotImplemented>;

export const api = createApiHandler({
  keys: (key) => (key === apiKey ? { secret, partner: true } : undefined),
  // Bodies up to 64 KiB; the frameworks' header limits are raised to fit their base64 (api.maxHeaderSize).
  maxBodyBytes: 64 * 1024,
  handlers: {
    ...notWrittenYet,
    getMainBalance: ({ body }) => {
      if (body.ticker !== undefined) return { [body.ticker]: { main_balance: balances[body.ticker] ?? "0" } };
      return Object.fromEntries(Object.entries(balances).map(([ticker, amount]) => [ticker, { main_balance: amount }]));
    },
    applyCode: ({ body }) => {
      // The description does not say the code is required: a missing one is as unknown as a wrong one.
      const code = body.code === undefined ? undefined : codes.get(body.code);
      if (!code) return invalidField("code", "The code is not valid.");
      if (code.passphrase !== body.passphrase) return invalidField("passphrase", "The passphrase does not match the code.");
      // The kit has claimed the code for this request: it is applied once, whoever else sends it.
      balances[code.ticker] = add(balances[code.ticker] ?? "0", code.amount);
      return { message: "Code was successfully applied", ticker: code.ticker, amount: code.amount, external_id: crypto.randomUUID() };
    },
    getInvestmentsHistory: ({ body }) => {
      const matching = investments.filter((i) => (body.id === undefined || i.id === body.id) && (body.ticker === undefined || i.plan.ticker === body.ticker) && (body.status === undefined || i.status === body.status));
      return { offset: body.offset, limit: body.limit, records: matching.slice(body.offset, body.offset + body.limit) };
    },
  },
});
