// The sandbox against the document on the points where they used to disagree: fields the document
// does not list are ignored whatever their name; request and nonce are optional where the document
// makes them optional, with the signature still checked; what the document requires is a 400 naming it.
import { describe, expect, it } from "vitest";
import { createHmac } from "node:crypto";
import { timeNonce } from "../../src/index.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { responseValidator } from "../helpers/validators.js";
import { sendSigned, sandboxPerFile } from "../helpers/sandbox.js";

const sandbox = sandboxPerFile();

const balance = "/api/v4/main-account/balance";
const funding = "/api/v4/collateral-account/funding-history";
const { key, secret } = demoKeys.partner;

/** Signs the body text exactly as given: no request or nonce is added. */
async function sendExactly(path: string, body: object, apiSecret: string = secret) {
  const text = JSON.stringify(body);
  const payload = Buffer.from(text).toString("base64");
  const signature = createHmac("sha512", apiSecret).update(payload).digest("hex");
  const headers = { "Content-Type": "application/json", "X-TXC-APIKEY": key, "X-TXC-PAYLOAD": payload, "X-TXC-SIGNATURE": signature };
  const response = await fetch(sandbox.baseUrl + path, { method: "POST", headers, body: text });
  return { status: response.status, body: await response.json() };
}

describe("fields the document does not list", () => {
  it.each(["nonceWindow", "constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "prototype"])(
    "ignores a field named %s and answers 200",
    async (name) => {
      const body = JSON.parse(`{"ticker":"BTC",${JSON.stringify(name)}:{"x":1}}`);
      const answer = await sendSigned(sandbox, balance, body);
      expect(answer.status).toBe(200);
      expect(responseValidator("getMainBalance", 200)!(answer.body)).toBe(true);
      expect(Object.keys(answer.body)).toEqual(["BTC"]);
    },
  );

  it("still refuses a stated rule broken beside an unlisted field, keyed by the field", async () => {
    const answer = await sendSigned(sandbox, "/api/v4/main-account/smart/investments", { status: 3, constructor: 1 });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors)).toEqual(["status"]);
  });
});

describe("request and nonce", () => {
  it("accepts a funding history body without request and nonce, as the document allows", async () => {
    const answer = await sendExactly(funding, { market: "BTC_PERP" });
    expect(answer.status).toBe(200);
    expect(responseValidator("getFundingHistory", 200)!(answer.body)).toBe(true);
  });

  it("still checks the signature of such a body", async () => {
    const answer = await sendExactly(funding, { market: "BTC_PERP" }, "not-the-secret");
    expect(answer.status).toBe(401);
  });

  it("refuses a request that is not the path called where the body carries one", async () => {
    const answer = await sendExactly(funding, { request: balance, nonce: timeNonce(key) });
    expect(answer.status).toBe(401);
  });

  it.each([
    ["without nonce", () => ({ request: balance }), "nonce"],
    ["without request", () => ({ nonce: timeNonce(key) }), "request"],
    ["with a numeric nonce", () => ({ request: balance, nonce: Date.now() * 1000 }), "nonce"],
  ])("answers the balance %s with 400 naming the field the document requires", async (_name, body, field) => {
    const answer = await sendExactly(balance, body());
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors)).toEqual([field]);
    expect(responseValidator("getMainBalance", 400)!(answer.body)).toBe(true);
  });
});
