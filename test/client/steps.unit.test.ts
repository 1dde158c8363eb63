// The client's steps as pure functions, without a server: buildRequest (parameters, extra fields,
// validation, signature) and readAnswer (an error status as its class, a 2xx read as the document
// says). The process tests beside these send the same requests over real sockets.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import { validators } from "../../generated/validators.js";
import { buildRequest, type RequestSetup } from "../../src/client/build-request.js";
import { readAnswer } from "../../src/client/read-answer.js";
import { credentials } from "../../src/signing/sign.js";
import { BadRequestError, ContractViolationError, RateLimitError, RequestValidationError, SetupError, UnauthorizedError } from "../../src/errors/index.js";

const urls = Object.fromEntries(Object.entries(operationIndex).map(([id, op]) => [id, `http://127.0.0.1:9${op.path}`])) as RequestSetup["urls"];
let nonces = 0;
const setup = (more: Partial<RequestSetup> = {}): RequestSetup => ({
  urls, keys: credentials("key-1", "secret-1"), nonce: () => String(1_700_000_000_000 + ++nonces), extraFields: undefined, ...more,
});
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  ({ status, headers: new Headers({ "Content-Type": "application/json", ...headers }), text: JSON.stringify(body), utf8: true });
const reading = { validateResponses: true, nonceOrderKept: true };
const bounds = { signal: undefined, timeoutMs: 10_000, maxResponseBytes: 4096 };

describe("buildRequest", () => {
  it("signs the document's path and a fresh nonce over the body it sends, signing fields first (as signRequest writes them)", () => {
    const built = buildRequest(setup(), "getMainBalance", { ticker: "BTC" }, undefined, validators.getMainBalance, bounds);
    const { body, headers } = built.exchange;
    expect(JSON.parse(body!)).toEqual({ ticker: "BTC", request: operationIndex.getMainBalance.path, nonce: built.nonce });
    expect(Object.keys(JSON.parse(body!))).toEqual(["request", "nonce", "ticker"]);
    const payload = Buffer.from(body!).toString("base64");
    expect(headers).toMatchObject({ "X-TXC-APIKEY": "key-1", "X-TXC-PAYLOAD": payload, "X-TXC-SIGNATURE": createHmac("sha512", "secret-1").update(payload).digest("hex") });
    expect(built.bodyBytes).toBe(Buffer.byteLength(body!));
    expect(built.exchange).toMatchObject({ method: "POST", url: urls.getMainBalance, readOnly: true, orderKey: "key-1", timeoutMs: 10_000, maxResponseBytes: 4096 });
  });

  it("marks a state-changing operation as not read-only, and an unsigned one is sent without a body", () => {
    expect(buildRequest(setup(), "refundDeposit", { transaction_id: "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34", address: "T" }, undefined, validators.refundDeposit, bounds).exchange.readOnly).toBe(false);
    expect(buildRequest(setup({ keys: undefined }), "ping", undefined, undefined, validators.ping, bounds)).toEqual({ exchange: { url: urls.ping, method: "GET", readOnly: true, ...bounds }, sent: {}, nonce: undefined, bodyBytes: 0 });
  });

  it("refuses, before taking a nonce, a signed call without keys and a parameter that is no field", () => {
    const before = nonces;
    expect(() => buildRequest(setup({ keys: undefined }), "getMainBalance", {}, undefined, validators.getMainBalance, bounds)).toThrow(SetupError);
    expect(() => buildRequest(setup(), "getMainBalance", { tickr: "BTC" }, undefined, validators.getMainBalance, bounds)).toThrow(RequestValidationError);
    expect(nonces).toBe(before);
  });

  it("refuses a body the document does not allow, naming the field and the rule", () => {
    const failure = (() => {
      try {
        buildRequest(setup(), "getInvestmentsHistory", { limit: 101 }, undefined, validators.getInvestmentsHistory, bounds);
      } catch (error) {
        return error as RequestValidationError;
      }
    })();
    expect(failure).toBeInstanceOf(RequestValidationError);
    expect(failure!.issues).toEqual([expect.objectContaining({ field: "limit", rule: "maximum" })]);
  });
});

describe("readAnswer", () => {
  it("gives an error status its class, with the server's body and Retry-After", () => {
    const read = (answer: ReturnType<typeof json>) => {
      try {
        readAnswer("getMainBalance", answer, {}, validators.getMainBalance, reading);
      } catch (error) {
        return error;
      }
    };
    expect(read(json(400, { code: 0, message: "Validation failed", errors: { ticker: ["bad"] } }))).toBeInstanceOf(BadRequestError);
    expect(read(json(429, { code: 429, message: "slow", errors: {} }, { "Retry-After": "3" }))).toMatchObject({ retryAfterMs: 3000 });
    expect(read(json(429, {}))).toBeInstanceOf(RateLimitError);
  });

  it("a 401 leads with the server's reason; it points outside the process only when the reason is the nonce, or none was given, and this process kept the key's nonces in order", () => {
    const refused = (message: string | undefined, nonceOrderKept = true) => {
      try {
        readAnswer("getMainBalance", json(401, { code: 401, ...(message === undefined ? {} : { message }), errors: {} }), {}, validators.getMainBalance, { ...reading, nonceOrderKept });
      } catch (error) {
        return (error as UnauthorizedError).message;
      }
    };
    expect(refused("Unknown API key.")).toBe("getMainBalance: 401 Unknown API key (Missing or invalid authentication)");
    expect(refused("Invalid nonce.")).toMatch(/^getMainBalance: 401 Invalid nonce \(Missing or invalid authentication\)\. This process sent this key's nonces in order, so if the key and secret are right, another process or an earlier run may have used a higher nonce/);
    expect(refused(undefined)).toMatch(/^getMainBalance: 401 Missing or invalid authentication: check the API key, the secret and the nonce\. This process sent/);
    expect(refused("Invalid nonce.", false)).toBe("getMainBalance: 401 Invalid nonce (Missing or invalid authentication)");
    for (const message of ["Unknown API key.", "Invalid nonce.", undefined].map((m) => refused(m)!)) expect(message).not.toMatch(/\.\.|\. \./);
  });

  it("returns a conforming 200 body, and refuses one that contradicts its request", () => {
    expect(readAnswer("getMainBalance", json(200, { BTC: { main_balance: "1" } }), { ticker: "BTC" }, validators.getMainBalance, reading)).toEqual({ BTC: { main_balance: "1" } });
    expect(() => readAnswer("getMainBalance", json(200, { ETH: { main_balance: "1" } }), { ticker: "BTC" }, validators.getMainBalance, reading)).toThrow(ContractViolationError);
  });
});
