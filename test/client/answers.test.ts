// Answers that lie to the client: each is a typed error, never a value that contradicts the
// request, never a stack overflow, never a control byte in a message.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BadRequestError, ContractViolationError, createClient } from "../../src/index.js";
import { listenOnLoopback, type Listening } from "../helpers/loopback.js";

const keys = { apiKey: "answers-key", apiSecret: "answers-secret" };
let answer: { status: number; body: Buffer | string } = { status: 200, body: "{}" };
let server: Server;
let baseUrl = "";
let listening: Listening;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(answer.status, { "Content-Type": "application/json" });
      response.end(answer.body);
    });
  });
  listening = await listenOnLoopback(server);
  baseUrl = listening.baseUrl;
});
afterAll(() => listening.close());

const client = () => createClient({ baseUrl, ...keys, retry: false });
const transactionId = "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34";
const refund = () => client().refundDeposit({ transaction_id: transactionId, address: "TQ5Nd2xWJbT8u9tK3vRzYpL6mC1aF4eH7s" });

describe("answers tied to their request", () => {
  it("a refund whose id is the transaction_id sent is returned", async () => {
    answer = { status: 200, body: JSON.stringify({ id: transactionId }) };
    expect(await refund()).toEqual({ id: transactionId });
  });

  it("a refund whose id is another one is a ContractViolationError naming both", async () => {
    answer = { status: 200, body: JSON.stringify({ id: "00000000-0000-4000-8000-000000000000" }) };
    const failure = await refund().catch((error) => error);
    expect(failure).toBeInstanceOf(ContractViolationError);
    expect(failure.message).toContain(`the answer's id is "00000000-0000-4000-8000-000000000000", not the transaction_id of the request, "${transactionId}"`);
  });

  it("a page whose limit is not the one asked for, and a balance that lists another ticker, too", async () => {
    answer = { status: 200, body: JSON.stringify({ offset: 0, limit: 100, records: [] }) };
    await expect(client().getInterestPaymentsHistory({ limit: 5 })).rejects.toThrow("the answer's limit is 100, not the limit of the request, 5");
    expect(await client().getInterestPaymentsHistory()).toEqual({ offset: 0, limit: 100, records: [] });
    answer = { status: 200, body: JSON.stringify({ BTC: { main_balance: "1" }, ETH: { main_balance: "2" } }) };
    await expect(client().getMainBalance({ ticker: "BTC" })).rejects.toThrow('asked for ticker "BTC", the answer also lists ETH');
    expect(await client().getMainBalance()).toEqual({ BTC: { main_balance: "1" }, ETH: { main_balance: "2" } });
  });
});

describe("answers that are not the JSON they look like", () => {
  it("a key twice in one object (which one is meant?) is a ContractViolationError", async () => {
    answer = { status: 200, body: `{"id":"${transactionId}","id":"00000000-0000-4000-8000-000000000000"}` };
    const failure = await refund().catch((error) => error);
    expect(failure).toBeInstanceOf(ContractViolationError);
    expect(failure.message).toContain('the body holds the field "id" twice in one object');
  });

  it("bytes that are not UTF-8 are a ContractViolationError, never text with U+FFFD put in", async () => {
    answer = { status: 200, body: Buffer.concat([Buffer.from('{"BTC":{"main_balance":"1'), Buffer.from([0xff]), Buffer.from('"}}')]) };
    const failure = await client().getMainBalance().catch((error) => error);
    expect(failure).toBeInstanceOf(ContractViolationError);
    expect(failure.message).toContain("the body is not valid UTF-8, so it is not JSON");
  });

  it("control characters from the server are escaped in a ContractViolationError's message", async () => {
    answer = { status: 200, body: JSON.stringify({ "\u001b[2J\u001b]0;owned\u0007": { main_balance: 5 } }) };
    const failure = await client().getMainBalance().catch((error) => error);
    expect(failure).toBeInstanceOf(ContractViolationError);
    expect(failure.message).not.toMatch(/[\u0000-\u001f]/);
  });

  it("a 400 whose errors are nested 10,000 deep is a BadRequestError, not a stack overflow", async () => {
    answer = { status: 400, body: `{"code":0,"message":"Validation failed","errors":{"ticker":${"[".repeat(10_000)}${"]".repeat(10_000)}}}` };
    const failure = await client().getMainBalance().catch((error) => error);
    expect(failure).toBeInstanceOf(BadRequestError);
    expect(failure.message.length).toBeLessThan(1000);
  });
});
