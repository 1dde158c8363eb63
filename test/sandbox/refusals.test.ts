// What the README promises about refused requests, against the real process: a refusal of any
// kind uses up no nonce; a body must be UTF-8 JSON sent as application/json.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signRequest } from "../../src/index.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { sandboxPerFile } from "../helpers/sandbox.js";

const sandbox = sandboxPerFile();

const balance = "/api/v4/main-account/balance";
const investments = "/api/v4/main-account/smart/investments";
// Nonces of our own, far above the clock, so that no other request of the key comes between.
let nonce = BigInt(Date.now()) * 1_000_000n;

async function post(path: string, body: object, key: { key: string; secret: string }, nonceText: string, headers: Record<string, string> = {}) {
  const signed = signRequest({ path, body, apiKey: key.key, apiSecret: key.secret, nonce: nonceText });
  const response = await fetch(sandbox.baseUrl + path, { method: "POST", headers: { ...signed.headers, ...headers }, body: signed.body });
  return { status: response.status, body: await response.json() };
}

/** Raw bytes signed as they are, for bodies that signRequest would never produce. */
async function postBytes(path: string, bytes: Buffer, key: { key: string; secret: string }, contentType = "application/json") {
  const payload = bytes.toString("base64");
  const headers = {
    "Content-Type": contentType,
    "X-TXC-APIKEY": key.key,
    "X-TXC-PAYLOAD": payload,
    "X-TXC-SIGNATURE": createHmac("sha512", key.secret).update(payload).digest("hex"),
  };
  const response = await fetch(sandbox.baseUrl + path, { method: "POST", headers, body: new Uint8Array(bytes) });
  return { status: response.status, body: await response.json() };
}

describe("a refused request uses up no nonce", () => {
  it.each([
    ["403: an ordinary account on a partner-only history", demoKeys.basic, investments, {}, {}, 403],
    ["400 from the operation: an unknown ticker", demoKeys.partner, balance, { ticker: "NOSUCHCOIN" }, {}, 400],
    ["400 from validation: limit 0", demoKeys.partner, investments, { limit: 0 }, {}, 400],
    ["400: a text/plain body", demoKeys.partner, balance, {}, { "Content-Type": "text/plain" }, 400],
  ] as const)("after %s, a lower nonce still greater than the last accepted one is accepted", async (_name, key, path, body, headers, status) => {
    const accepted = (nonce += 1000n);
    expect((await post(balance, {}, key, String(accepted))).status).toBe(200);
    const refused = await post(path, body, key, String(accepted + 500n), headers);
    expect(refused.status).toBe(status);
    const lower = await post(balance, {}, key, String(accepted + 1n));
    expect(lower.status, JSON.stringify(lower.body)).toBe(200);
  });

  it("after an invalid UTF-8 body, too", async () => {
    const accepted = (nonce += 1000n);
    expect((await post(balance, {}, demoKeys.partner, String(accepted))).status).toBe(200);
    const bytes = Buffer.concat([Buffer.from(`{"request":"${balance}","nonce":"${accepted + 500n}","ticker":"`), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    expect((await postBytes(balance, bytes, demoKeys.partner)).status).toBe(400);
    expect((await post(balance, {}, demoKeys.partner, String(accepted + 1n))).status).toBe(200);
  });
});

describe("bodies", () => {
  it("a signed body that is not valid UTF-8 is not JSON: 400", async () => {
    const bytes = Buffer.concat([Buffer.from(`{"request":"${balance}","nonce":"${(nonce += 1000n)}","ticker":"B`), Buffer.from([0xff]), Buffer.from('C"}')]);
    const answer = await postBytes(balance, bytes, demoKeys.partner);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("The body is not valid UTF-8, so it is not JSON.");
  });

  it.each([
    ["text/plain", 400],
    ["application/x-www-form-urlencoded", 400],
    ["", 400],
    ["application/json; charset=utf-8", 200],
    ["Application/JSON", 200],
  ])("Content-Type %j: %i", async (contentType, status) => {
    const bytes = Buffer.from(JSON.stringify({ request: balance, nonce: String((nonce += 1000n)) }));
    const answer = await postBytes(balance, bytes, demoKeys.partner, contentType);
    expect(answer.status).toBe(status);
    if (status === 400) expect(answer.body.message).toBe("A private request carries Content-Type: application/json.");
  });
});
