// Calls the API with the client, as an installed package, against the server in TXC_BASE_URL.
import { BadRequestError, createClient, parseDepositCanceled } from "txc-api";
import type { Investment } from "txc-api/types";
import { validators } from "txc-api/validators";

const client = createClient({ baseUrl: process.env.TXC_BASE_URL!, apiKey: "sandbox-partner", apiSecret: "sandbox-partner-secret" });
const balance = await client.getMainBalance({ ticker: "BTC" });
const page = await client.getInvestmentsHistory({ status: 1, limit: 5 });
const first: Investment | undefined = page.records[0];
const event = parseDepositCanceled('{"uniqueId":"3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34"}');
const refund = await client.refundDeposit({ transaction_id: event.uniqueId, address: "TQ5Nd2xWJbT8u9tK3vRzYpL6mC1aF4eH7s" });
const refused = await client.applyCode({ code: "NOT-A-CODE" }).catch((error: unknown) => (error instanceof BadRequestError ? error.errors : null));
console.log(JSON.stringify({
  balance,
  investments: page.records.length,
  firstStatus: first?.status,
  refund,
  refused,
  pongIsValid: validators.ping.responses["200"](["pong"]),
}));
