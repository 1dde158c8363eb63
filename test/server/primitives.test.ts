// The kit's parts as a team that keeps its own framework's routing uses them, and its Fetch-API
// handler: typed results instead of exceptions, clear setup errors, nothing secret in a log.
import { describe, expect, it } from "vitest";
import { operationIds, operationIndex } from "../../generated/operations.js";
import {
  apiError, ApiHandlerSetupError, createApiHandler, notImplemented, validateRequest, verifySignedRequest, type ApiLogEntry, type Handlers,
} from "../../src/server-entry.js";
import { signRequest } from "../../src/index.js";

const key = { apiKey: "team-key", apiSecret: "team-secret" };
const keys = (apiKey: string) => (apiKey === key.apiKey ? { secret: key.apiSecret, partner: true } : undefined);
const BALANCE = operationIndex.getMainBalance.path;
let nonce = Date.now() * 1000;
const signed = (body: object = {}, path: string = BALANCE) => signRequest({ path, body, ...key, nonce: ++nonce });

const lacking = Object.fromEntries(operationIds.filter((id) => id !== "ping").map((id) => [id, notImplemented])) as unknown as Handlers;

describe("verifySignedRequest", () => {
  it("gives the key and the body parsed from the bytes verified", async () => {
    const { body, headers } = signed({ ticker: "BTC" });
    const result = await verifySignedRequest({ path: BALANCE, headers, rawBody: Buffer.from(body) }, { keys });
    expect(result).toMatchObject({ ok: true, apiKey: key.apiKey, body: { request: BALANCE, ticker: "BTC" } });
  });

  it("names a body that a framework parsed and serialised again, and never throws on one given parsed", async () => {
    const spaced = `{ "request": "${BALANCE}", "nonce": "${++nonce}" }`;
    const headers = signRequest({ path: BALANCE, ...key, nonce }).headers;
    const payload = Buffer.from(spaced).toString("base64");
    const { createHmac } = await import("node:crypto");
    const resigned = { ...headers, "X-TXC-PAYLOAD": payload, "X-TXC-SIGNATURE": createHmac("sha512", key.apiSecret).update(payload).digest("hex") };
    const reserialised = await verifySignedRequest({ path: BALANCE, headers: resigned, rawBody: JSON.stringify(JSON.parse(spaced)) }, { keys });
    expect(reserialised).toMatchObject({ ok: false, status: 401, reason: "body-reserialised", detail: expect.stringContaining("parseAs: 'buffer'") });
    const parsed = await verifySignedRequest({ path: BALANCE, headers: resigned, rawBody: JSON.parse(spaced) }, { keys });
    expect(parsed).toMatchObject({ ok: false, status: 500, reason: "raw-body-required", body: { message: "Internal error." } });
    const headless = await verifySignedRequest({ path: BALANCE, headers: undefined as never, rawBody: spaced }, { keys });
    expect(headless).toMatchObject({ ok: false, status: 401, reason: "missing-header" });
  });

  it("a key lookup that fails is a 500, not a throw, and says why only in the detail", async () => {
    const { body, headers } = signed();
    const result = await verifySignedRequest({ path: BALANCE, headers, rawBody: body }, { keys: () => Promise.reject(new Error("database away")) });
    expect(result).toMatchObject({ ok: false, status: 500, reason: "key-store-failed", detail: "the key lookup failed: database away", body: { message: "Internal error." } });
  });

  it.each([-1, Number.NaN, 1.5, "300000"])("refuses to run with nonceMaxAgeMs %s, as the kit and the sandbox do at their start", async (nonceMaxAgeMs) => {
    const { body, headers } = signed();
    const result = await verifySignedRequest({ path: BALANCE, headers, rawBody: body }, { keys, nonceMaxAgeMs: nonceMaxAgeMs as number });
    expect(result).toMatchObject({ ok: false, status: 500, reason: "options-invalid", body: { message: "Internal error." }, detail: expect.stringContaining("nonceMaxAgeMs must be a positive whole number of milliseconds") });
  });

  it("reads a Fetch Headers object as well as Node's", async () => {
    const { body, headers } = signed();
    expect(await verifySignedRequest({ path: BALANCE, headers: new Headers(headers), rawBody: body }, { keys })).toMatchObject({ ok: true });
  });
});

it("validateRequest: the body with its defaults, or the documented 400 keyed by field", () => {
  expect(validateRequest("getInvestmentsHistory", { request: operationIndex.getInvestmentsHistory.path, nonce: "1" })).toMatchObject({ ok: true, body: { limit: 100, offset: 0 } });
  expect(validateRequest("getInvestmentsHistory", { request: operationIndex.getInvestmentsHistory.path, nonce: "1", status: 3 })).toMatchObject({
    ok: false, status: 400, body: { code: 0, message: "Validation failed", errors: { status: [expect.any(String)] } },
  });
});

describe("createApiHandler", () => {
  it("refuses a misspelt handler naming the operation meant; a missing one is warned about and answers 404, not implemented", async () => {
    expect(() => createApiHandler({ keys, handlers: { ...lacking, getMainBalnce: () => ({}) } as Handlers })).toThrow(/handlers\.getMainBalnce is not an operation of the document: did you mean getMainBalance\?/);
    expect(() => createApiHandler({ keys, handlers: { ...lacking, getMainBalance: "yes" } as unknown as Handlers })).toThrow(new ApiHandlerSetupError("handlers.getMainBalance is a string: give a function answering its 200 body or apiError(...), or notImplemented"));
    const logged: ApiLogEntry[] = [];
    const { getMainBalance: _, ...withoutBalance } = lacking as Record<string, unknown>;
    const api = createApiHandler({ keys, handlers: withoutBalance as Handlers, log: (entry) => void logged.push(entry) });
    expect(logged).toEqual([expect.objectContaining({ level: "warn", event: "handler-missing", operationId: "getMainBalance" })]);
    const request = signed();
    const answer = await api.fetch(new Request(`http://127.0.0.1${BALANCE}`, { method: "POST", headers: request.headers, body: request.body }));
    expect([answer.status, await answer.json()]).toEqual([404, { code: 404, message: "getMainBalance is not implemented on this server.", errors: {} }]);
  });

  it("as a Fetch handler: answers, refuses and logs a handler's failure without a secret", async () => {
    const logged: ApiLogEntry[] = [];
    const api = createApiHandler({
      keys,
      log: (entry) => void logged.push(entry),
      handlers: {
        ...lacking,
        getMainBalance: ({ body }) => (body.ticker === "XYZ" ? apiError(400, "Validation failed", { ticker: ["Currency XYZ is not known."] }) : { BTC: { main_balance: "1" } }),
        getFundingHistory: () => {
          throw new Error(`the database is away (${key.apiSecret.length} chars of secret not shown)`);
        },
      },
    });
    const call = (path: string, body: object) => {
      const request = signed(body, path);
      return api.fetch(new Request(`http://127.0.0.1${path}`, { method: "POST", headers: request.headers, body: request.body }));
    };
    const ok = await call(BALANCE, {});
    expect([ok.status, ok.headers.get("content-type"), await ok.json()]).toEqual([200, "application/json", { BTC: { main_balance: "1" } }]);
    const refused = await call(BALANCE, { ticker: "XYZ" });
    expect([refused.status, await refused.json()]).toEqual([400, { code: 0, message: "Validation failed", errors: { ticker: ["Currency XYZ is not known."] } }]);
    const failed = await call(operationIndex.getFundingHistory.path, {});
    expect([failed.status, await failed.json()]).toEqual([500, { code: 500, message: "Internal error.", errors: {} }]);
    expect(logged).toEqual([expect.objectContaining({ level: "error", event: "handler-failed", operationId: "getFundingHistory", status: 500 })]);
    expect(JSON.stringify(logged)).not.toContain(key.apiSecret);
    const ping = await api.fetch(new Request("http://127.0.0.1/api/v4/public/ping"));
    expect(await ping.json()).toEqual(["pong"]);
  });

  it("a status the operation does not document, thrown at run time, is answered 500 and logged", async () => {
    const logged: ApiLogEntry[] = [];
    const api = createApiHandler({ keys, log: (entry) => void logged.push(entry), handlers: { ...lacking, getMainBalance: () => { throw apiError(418 as 400, "teapot"); } } });
    const request = signed();
    const answer = await api.fetch(new Request(`http://127.0.0.1${BALANCE}`, { method: "POST", headers: request.headers, body: request.body }));
    expect(answer.status).toBe(500);
    expect(logged[0]?.message).toMatch(/getMainBalance answered 418, a status the document does not give it; answered 500 instead/);
  });
});
