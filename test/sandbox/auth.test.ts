// Every authentication rule of the description, each refused with 401 and the state unchanged.
import { createHmac } from "node:crypto";
import Big from "big.js";
import { describe, expect, it } from "vitest";
import { signRequest, timeNonce } from "../../src/index.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { responseValidator } from "../helpers/validators.js";
import { partnerClient, sandboxPerFile } from "../helpers/sandbox.js";

const sandbox = sandboxPerFile();

const path = "/api/v4/main-account/codes/apply";
const code = { code: "TXC-BTC-2H6N1V5X0C7B" };
const { key, secret } = demoKeys.partner;

async function post(headers: Record<string, string>, body: string, at = path) {
  const response = await fetch(sandbox.baseUrl + at, { method: "POST", headers, body });
  return { status: response.status, body: await response.json() };
}

const signed = (overrides: { path?: string; body?: object; nonce?: string; apiKey?: string; apiSecret?: string } = {}) =>
  signRequest({ path: overrides.path ?? path, body: overrides.body ?? code, apiKey: overrides.apiKey ?? key, apiSecret: overrides.apiSecret ?? secret, nonce: overrides.nonce ?? timeNonce(key) });

const btcBalance = async () => (await partnerClient(sandbox).getMainBalance({ ticker: "BTC" })).BTC?.main_balance;

describe("sandbox authentication", () => {
  it.each([
    ["a missing signature header", () => { const s = signed(); const { "X-TXC-SIGNATURE": _, ...headers } = s.headers; return post(headers, s.body); }, /X-TXC-SIGNATURE/],
    ["a missing API key header", () => { const s = signed(); const { "X-TXC-APIKEY": _, ...headers } = s.headers; return post(headers, s.body); }, /X-TXC-APIKEY/],
    ["a wrong signature", () => { const s = signed({ apiSecret: "not-the-secret" }); return post(s.headers, s.body); }, /HMAC-SHA512/],
    ["a signature with one hex digit too many", () => { const s = signed(); return post({ ...s.headers, "X-TXC-SIGNATURE": s.headers["X-TXC-SIGNATURE"] + "0" }, s.body); }, /128 hex digits/],
    ["a signature with its last hex digit cut off", () => { const s = signed(); return post({ ...s.headers, "X-TXC-SIGNATURE": s.headers["X-TXC-SIGNATURE"].slice(0, 127) }, s.body); }, /128 hex digits/],
    ["a payload that is not the body", () => { const s = signed(); return post(s.headers, s.body.replace("TXC-BTC", "TXC-ETH")); }, /base64 of the request body/],
    ["a body signed for another path", () => { const s = signed({ path: "/api/v4/main-account/balance" }); return post(s.headers, s.body); }, /request must be the path called/],
    ["an unknown key", () => { const s = signed({ apiKey: "nobody" }); return post(s.headers, s.body); }, /Unknown API key/],
    ["a nonce that is not a number", () => { const s = signed({ nonce: "abc" }); return post(s.headers, s.body); }, /nonce must be a string of digits/],
    ["a nonce lower than the last accepted", () => { const s = signed({ nonce: "1000" }); return post(s.headers, s.body); }, /nonce must be greater/],
  ])("refuses %s with 401, a message saying which rule, and no change", async (_name, send, message) => {
    const before = await btcBalance();
    const answer = await send();
    expect(answer.status).toBe(401);
    expect(answer.body.message).toMatch(message);
    expect(answer.body.message).not.toContain(secret);
    expect(responseValidator("applyCode", 401)!(answer.body)).toBe(true);
    expect(await btcBalance()).toBe(before);
  });

  it("refuses a replayed request with 401: the code is credited once", async () => {
    const before = await btcBalance();
    const request = signed();
    expect((await post(request.headers, request.body)).status).toBe(200);
    const replay = await post(request.headers, request.body);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toMatch(/nonce must be greater/);
    expect(await btcBalance()).toBe(new Big(before!).plus("0.00012345").toFixed());
  });

  it("checks the signature against the exact bytes, not a re-serialisation", async () => {
    const body = `{ "request": "/api/v4/main-account/balance",  "nonce": "${timeNonce(key)}" }`;
    const payload = Buffer.from(body).toString("base64");
    const signature = createHmac("sha512", secret).update(payload).digest("hex");
    const headers = { "Content-Type": "application/json", "X-TXC-APIKEY": key, "X-TXC-PAYLOAD": payload, "X-TXC-SIGNATURE": signature };
    expect((await post(headers, body, "/api/v4/main-account/balance")).status).toBe(200);
  });
});
