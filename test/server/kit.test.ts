// txc-api/server from outside: the node:http example (examples/server-node) in a real process,
// called by the package's client, by ccxt and by hand-made requests. The kit's rules hold before
// any handler runs; the handlers do their operations' work.
import { createHmac } from "node:crypto";
import ccxt from "ccxt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import { createClient, signRequest, TxcApiError } from "../../src/index.js";
import { linkedExample, startExampleServer, type ExampleServer } from "../helpers/linked-example.js";
import { responseValidator } from "../helpers/validators.js";

const key = { apiKey: "team-key", apiSecret: "team-secret" };
const example = linkedExample("server-node");
let server: ExampleServer;
let nonce = Date.now() * 1000;

beforeAll(async () => {
  server = await startExampleServer(example.dir, "src/main.mjs", { TXC_API_KEY: key.apiKey, TXC_API_SECRET: key.apiSecret });
});
afterAll(async () => {
  await server?.stop();
  example.remove();
});

const client = () => createClient({ baseUrl: server.baseUrl, ...key, retry: false });
async function post(path: string, body: object, headers: Record<string, string> = {}) {
  const signed = signRequest({ path, body, ...key, nonce: ++nonce });
  const response = await fetch(server.baseUrl + path, { method: "POST", headers: { ...signed.headers, ...headers }, body: signed.body });
  return { status: response.status, body: await response.json(), signed };
}

describe("a server built on txc-api/server", () => {
  it("answers the package's client: the balance, a code applied once only, a history read by pages", async () => {
    const api = client();
    expect(await api.getMainBalance({ ticker: "BTC" })).toEqual({ BTC: { main_balance: "0.5" } });
    const applied = await api.applyCode({ code: "TXC-BTC-2H6N1V5X0C7B" });
    expect(applied).toMatchObject({ ticker: "BTC", amount: "0.00012345" });
    expect(await api.getMainBalance({ ticker: "BTC" })).toEqual({ BTC: { main_balance: "0.50012345" } });
    const again = await api.applyCode({ code: "TXC-BTC-2H6N1V5X0C7B" }).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(TxcApiError);
    expect(again).toMatchObject({ status: 400, body: { code: 0, message: "Validation failed", errors: { code: ["The code has already been applied."] } } });
    const ids: string[] = [];
    for await (const record of api.paginate("getInvestmentsHistory", { limit: 50 })) ids.push(record.id);
    expect(ids.length).toBe(120);
    expect(new Set(ids).size).toBe(120);
  });

  it("answers ccxt's whitebit class (its own signing, nonceWindow added): the balance", async () => {
    const exchange = new ccxt.whitebit({ apiKey: key.apiKey, secret: key.apiSecret, enableRateLimit: false, timeout: 10_000 });
    (exchange.urls as { api: unknown }).api = { v4: { public: `${server.baseUrl}/api/v4/public`, private: `${server.baseUrl}/api/v4` } };
    const balance = await (exchange as unknown as Record<string, (params: object) => Promise<unknown>>).v4PrivatePostMainAccountBalance!({ ticker: "USDT" });
    expect(balance).toEqual({ USDT: { main_balance: expect.any(String) } });
  });

  it("refuses before the handler: 401 for a bad signature, 400 keyed by field, 404 for an operation not implemented", async () => {
    const path = operationIndex.getInvestmentsHistory.path;
    const signed = signRequest({ path, body: {}, ...key, nonce: ++nonce });
    const forged = await fetch(server.baseUrl + path, { method: "POST", headers: { ...signed.headers, "X-TXC-SIGNATURE": createHmac("sha512", "other").update(signed.headers["X-TXC-PAYLOAD"]).digest("hex") }, body: signed.body });
    expect(forged.status).toBe(401);
    expect(responseValidator("getInvestmentsHistory", 401)!(await forged.json())).toBe(true);
    const invalid = await post(path, { limit: 0, status: 3 });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 0, message: "Validation failed", errors: { limit: [expect.any(String)], status: [expect.any(String)] } });
    const absent = await post(operationIndex.refundDeposit.path, { transaction_id: "7c2e9a41-5b3d-4f6e-8a1c-0d9e8f7a6b5c", address: "x" });
    expect(absent).toMatchObject({ status: 404, body: { code: 404, message: "refundDeposit is not implemented on this server." } });
  });

  it("refuses a replay with 401, and a refused request leaves its nonce free", async () => {
    const path = operationIndex.getMainBalance.path;
    const first = await post(path, {});
    expect(first.status).toBe(200);
    const replay = await fetch(server.baseUrl + path, { method: "POST", headers: first.signed.headers, body: first.signed.body });
    expect(replay.status).toBe(401);
    expect((await replay.json()).message).toMatch(/nonce must be greater/);
    const refused = signRequest({ path: operationIndex.getInvestmentsHistory.path, body: { limit: 0 }, ...key, nonce: nonce + 500 });
    expect((await fetch(server.baseUrl + operationIndex.getInvestmentsHistory.path, { method: "POST", headers: refused.headers, body: refused.body })).status).toBe(400);
    expect((await post(path, {})).status).toBe(200);
  });

  it("never prints the secret", () => {
    expect(server.output()).not.toContain(key.apiSecret);
  });
});
