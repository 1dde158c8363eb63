// Every operation through real HTTP against the sandbox process: success and each documented
// error. The client validates every 200 against the document; error bodies are validated here.
import { beforeEach, describe, expect, it } from "vitest";
import { BadRequestError, ForbiddenError, HttpError } from "../../src/index.js";
import { responseValidator } from "../helpers/validators.js";
import { basicClient, partnerClient, resetSandbox, sendSigned, sandboxPerFile } from "../helpers/sandbox.js";
import { loadDocument } from "../helpers/project.js";

const sandbox = sandboxPerFile();
beforeEach(() => resetSandbox(sandbox));

function validates(operationId: string, status: number, body: unknown): boolean {
  const validate = responseValidator(operationId as never, status);
  return validate !== undefined && validate(body) === true;
}

/** Awaits a failing call and checks its body against the document's schema for that status. */
async function documentedError(operationId: string, call: Promise<unknown>): Promise<HttpError> {
  const error = await call.then(() => { throw new Error("expected an error"); }, (e) => e);
  expect(error).toBeInstanceOf(HttpError);
  expect(validates(operationId, error.status, error.body), `${error.status} ${JSON.stringify(error.body)}`).toBe(true);
  return error;
}

describe("sandbox operations", () => {
  it("ping answers pong without authentication", async () => {
    expect(await partnerClient(sandbox).ping()).toEqual(["pong"]);
  });

  it("getMainBalance lists non-zero balances, or one ticker", async () => {
    const client = partnerClient(sandbox);
    expect(await client.getMainBalance()).toEqual({ BTC: { main_balance: "0.01532" }, ETH: { main_balance: "1.2" }, USDT: { main_balance: "2503.4175" } });
    expect(await client.getMainBalance({ ticker: "USDC" })).toEqual({ USDC: { main_balance: "0" } });
    const error = await documentedError("getMainBalance", client.getMainBalance({ ticker: "DOGE" }));
    expect((error as BadRequestError).errors).toHaveProperty("ticker");
  });

  it("getInvestmentsHistory filters and pages, and is refused to ordinary accounts", async () => {
    const client = partnerClient(sandbox);
    const all = await client.getInvestmentsHistory();
    expect(all).toMatchObject({ offset: 0, limit: 100 });
    expect(all.records).toHaveLength(24);
    const closedUsdt = await client.getInvestmentsHistory({ ticker: "USDT", status: 2 });
    expect(closedUsdt.records.length).toBeGreaterThan(0);
    expect(closedUsdt.records.every((r) => r.plan.ticker === "USDT" && r.status === 2)).toBe(true);
    const page = await client.getInvestmentsHistory({ limit: 5, offset: 20 });
    expect(page.records.map((r) => r.id)).toEqual(all.records.slice(20).map((r) => r.id));
    expect((await client.getInvestmentsHistory({ id: all.records[3].id })).records).toEqual([all.records[3]]);
    expect(new Set(all.records.map((r) => r.plan.status))).toEqual(new Set([1, 2, 3, 4]));
    // The client refuses these itself, so they go out raw.
    for (const [params, field] of [[{ status: 3 }, "status"], [{ ticker: "DOGE" }, "ticker"], [{ id: 5 }, "id"], [{ ticker: 1 }, "ticker"]] as const) {
      const answer = await sendSigned(sandbox, "/api/v4/main-account/smart/investments", params);
      expect(answer.status).toBe(400);
      expect(validates("getInvestmentsHistory", 400, answer.body)).toBe(true);
      expect(answer.body).toMatchObject({ code: 0, message: "Validation failed", errors: { [field]: [expect.any(String)] } });
    }
    const refused = await documentedError("getInvestmentsHistory", basicClient(sandbox).getInvestmentsHistory());
    expect(refused).toBeInstanceOf(ForbiddenError);
  });

  it("getInterestPaymentsHistory filters by plan and ticker, pages, and is partner-only", async () => {
    const client = partnerClient(sandbox);
    const all = await client.getInterestPaymentsHistory({ limit: 100 });
    expect(all.records.length).toBe(48);
    const planId = all.records[0].planId;
    const byPlan = await client.getInterestPaymentsHistory({ planId, ticker: "USDT", limit: 3, offset: 1 });
    expect(byPlan.records).toEqual(all.records.filter((r) => r.planId === planId && r.ticker === "USDT").slice(1, 4));
    expect(await documentedError("getInterestPaymentsHistory", basicClient(sandbox).getInterestPaymentsHistory())).toBeInstanceOf(ForbiddenError);
    const answer = await sendSigned(sandbox, "/api/v4/main-account/smart/interest-payment-history", { limit: 101 });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toHaveProperty("limit");
  });

  it("updateFlexAutoReinvestment sets the flag to the value sent, false by default", async () => {
    const client = partnerClient(sandbox);
    const plan = "5c4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f";
    expect(await client.updateFlexAutoReinvestment({ plan, enabled: true })).toEqual({ data: [] });
    expect(await client.updateFlexAutoReinvestment({ plan })).toEqual({ data: [] });
    const unknown = await documentedError("updateFlexAutoReinvestment", client.updateFlexAutoReinvestment({ plan: "00000000-0000-4000-8000-000000000000" }));
    expect((unknown as BadRequestError).errors).toHaveProperty("plan");
    const notUuid = await sendSigned(sandbox, "/api/v4/main-account/smart-flex/investments/auto-invest", { plan: "plan-1" });
    expect(notUuid.status).toBe(400);
    expect(notUuid.body.errors).toHaveProperty("plan");
  });

  it("applyCode credits the balance once, with the passphrase where the code has one", async () => {
    const client = partnerClient(sandbox);
    const credited = await client.applyCode({ code: "TXC-USDT-7F3K9Q2M8Z4W", passphrase: "blue-harbour-42" });
    expect(credited).toMatchObject({ ticker: "USDT", amount: "25" });
    expect(await client.getMainBalance({ ticker: "USDT" })).toEqual({ USDT: { main_balance: "2528.4175" } });
    const again = await documentedError("applyCode", client.applyCode({ code: "TXC-USDT-7F3K9Q2M8Z4W", passphrase: "blue-harbour-42" }));
    expect((again as BadRequestError).errors).toHaveProperty("code");
    const wrongPassphrase = await documentedError("applyCode", client.applyCode({ code: "TXC-ETH-9P4L2K7J5H3G", passphrase: "guess" }));
    expect((wrongPassphrase as BadRequestError).errors).toHaveProperty("passphrase");
    const unknown = await documentedError("applyCode", client.applyCode({ code: "NOPE" }));
    expect((unknown as BadRequestError).errors).toHaveProperty("code");
  });

  it("refundDeposit refunds a cancelled deposit once, never to the service's own address", async () => {
    const client = partnerClient(sandbox);
    const transaction_id = "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34";
    const own = await documentedError("refundDeposit", client.refundDeposit({ transaction_id, address: "TServiceHotWa11etAddre55000000001" }));
    expect((own as BadRequestError).errors).toHaveProperty("address");
    expect(await client.refundDeposit({ transaction_id, address: "TQ5Nd2xWJbT8u9tK3vRzYpL6mC1aF4eH7s" })).toEqual({ id: transaction_id });
    const twice = await documentedError("refundDeposit", client.refundDeposit({ transaction_id, address: "TQ5Nd2xWJbT8u9tK3vRzYpL6mC1aF4eH7s" }));
    expect((twice as BadRequestError).errors).toHaveProperty("transaction_id");
    const completed = await documentedError("refundDeposit", client.refundDeposit({ transaction_id: "e1d2c3b4-a5f6-4789-8abc-def012345678", address: "T1" }));
    expect((completed as BadRequestError).errors).toHaveProperty("transaction_id");
    const missing = await sendSigned(sandbox, "/api/v4/main-account/refund-deposit", { address: "T1" });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty("transaction_id");
  });

  it("getMiningPayoutDestination answers the destination, or a validation error keyed user", async () => {
    const client = partnerClient(sandbox);
    expect(await client.getMiningPayoutDestination({ accountName: "farm-east-01" })).toEqual({ payoutDestination: "main_balance", externalAddress: null });
    const unknown = await documentedError("getMiningPayoutDestination", client.getMiningPayoutDestination({ accountName: "nobody" }));
    expect(unknown.body).toEqual({ code: 0, message: "Validation failed", errors: { user: ["Mining account not found."] } });
  });

  it("getFundingHistory filters by market and pages, with negative rates and short positions", async () => {
    const client = partnerClient(sandbox);
    const all = await client.getFundingHistory();
    expect(all).toMatchObject({ limit: 100, offset: 0 });
    expect(all.records).toHaveLength(45);
    expect(all.records.some((r) => r.fundingRate.startsWith("-") && r.positionAmount.startsWith("-"))).toBe(true);
    const eth = await client.getFundingHistory({ market: "ETH_PERP", limit: 4, offset: 2 });
    expect(eth.records).toEqual(all.records.filter((r) => r.market === "ETH_PERP").slice(2, 6));
  });

  it("resetSubAccountApiKey answers {} for a key of the account, an error otherwise", async () => {
    const client = partnerClient(sandbox);
    expect(await client.resetSubAccountApiKey({ apiKeyId: "4821" })).toEqual({});
    const unknown = await documentedError("resetSubAccountApiKey", client.resetSubAccountApiKey({ apiKeyId: "9001" }));
    expect((unknown as BadRequestError).errors).toHaveProperty("apiKeyId");
  });

  it("answers unknown endpoints 404, malformed JSON 400 and oversized bodies 413", async () => {
    const unknown = await fetch(`${sandbox.baseUrl}/api/v4/main-account/nothing`, { method: "POST", body: "{}" });
    expect(unknown.status).toBe(404);
    expect(validates("getMainBalance", 404, await unknown.json())).toBe(true);
    const wrongMethod = await fetch(`${sandbox.baseUrl}/api/v4/main-account/balance`);
    expect(wrongMethod.status).toBe(404);
    const malformed = await sendRaw("{not json");
    expect(malformed.status).toBe(400);
    const huge = await sendRaw(JSON.stringify({ request: "/api/v4/main-account/balance", nonce: "1", pad: "x".repeat(9_000) }));
    expect(huge.status).toBe(413);
  });

  it("serves the document and marks answers as not cacheable", async () => {
    const document = await (await fetch(`${sandbox.baseUrl}/openapi.json`)).json();
    expect(document.info.version, "the served document's version against the bundled one").toBe(loadDocument().info.version);
    const response = await fetch(`${sandbox.baseUrl}/api/v4/public/ping`);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

/** A body sent with valid signature headers over exactly these bytes. */
async function sendRaw(text: string) {
  const { createHmac } = await import("node:crypto");
  const payload = Buffer.from(text).toString("base64");
  const signature = createHmac("sha512", "sandbox-partner-secret").update(payload).digest("hex");
  return fetch(`${sandbox.baseUrl}/api/v4/main-account/balance`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-TXC-APIKEY": "sandbox-partner", "X-TXC-PAYLOAD": payload, "X-TXC-SIGNATURE": signature },
    body: text,
  });
}

// Where a new operation's sandbox behaviour is tested first: every operation of the document
// answers each of its documented request examples with 200 and a body valid for it, from a fresh
// dataset. Its own test (what it does to the state, its refusals) goes in the describe above.
describe("every operation of the document, from its documented examples", () => {
  const document = loadDocument();
  const examples = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const media = operation.requestBody?.content["application/json"];
      const values = Object.values(media?.examples ?? {}).map((example) => (example.$ref ? document.components.examples![example.$ref.split("/").pop()!]!.value : example.value));
      return { operationId: operation.operationId, path, method, values: values as Record<string, unknown>[] };
    }));
  it.each(examples.map((entry) => [entry.operationId, entry] as const))("%s answers its examples 200, valid for the document", async (operationId, { path, method, values }) => {
    if (method === "get") {
      const answer = await fetch(sandbox.baseUrl + path);
      expect(validates(operationId, answer.status, await answer.json())).toBe(true);
      return;
    }
    expect(values.length, `${operationId} has no request example`).toBeGreaterThan(0);
    for (const { request: _request, nonce: _nonce, ...fields } of values) {
      const answer = await sendSigned(sandbox, path, fields);
      expect(answer.status, `${operationId} ${JSON.stringify(fields)}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(validates(operationId, 200, answer.body)).toBe(true);
    }
  });
});
