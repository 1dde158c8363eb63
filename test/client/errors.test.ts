// Invalid calls are refused before anything is sent; every answer the document does not allow is a
// typed error; and no error, nor the client, ever shows the API secret.
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BadRequestError, ContractViolationError, createClient, ForbiddenError, NetworkError, NotFoundError,
  RateLimitError, RequestValidationError, ServerError, TimeoutError, TxcError, UnauthorizedError,
} from "../../src/index.js";
import { freePort } from "../helpers/processes.js";
import { startVerifyingServer, type Answer, type VerifyingServer } from "../helpers/verifying-server.js";
import { listenOnLoopback } from "../helpers/loopback.js";

const apiKey = "errors-key";
const apiSecret = "s3cr3t-never-shown-0b9e4a";
let server: VerifyingServer;
let answer: Answer;

beforeAll(async () => {
  server = await startVerifyingServer({ [apiKey]: apiSecret }, () => answer);
});
afterAll(() => server?.close());

const client = () => createClient({ baseUrl: server.baseUrl, apiKey, apiSecret, retry: false, timeoutMs: 2000 });

describe("pre-flight validation", () => {
  it.each([
    ["limit 0", () => client().getInvestmentsHistory({ limit: 0 }), "limit", "minimum"],
    ["limit 101", () => client().getInvestmentsHistory({ limit: 101 }), "limit", "maximum"],
    ["offset 10001", () => client().getInterestPaymentsHistory({ offset: 10001 }), "offset", "maximum"],
    ["status 3", () => client().getInvestmentsHistory({ status: 3 as never }), "status", "enum"],
    ["a non-UUID plan", () => client().updateFlexAutoReinvestment({ plan: "plan-7" }), "plan", "format"],
    ["a missing transaction_id", () => client().refundDeposit({ address: "T1" } as never), "transaction_id", "required"],
    ["a parameter passed again as an extra field", () => client().getMainBalance({ ticker: "BTC" }, { extraFields: { ticker: "ETH" } }), "ticker", "extraFields"],
    ["a documented field of the wrong type passed as an extra field", () => client().getMainBalance({}, { extraFields: { ticker: 5 } }), "ticker", "type"],
    ["the nonce passed as an extra field", () => client().getMainBalance({}, { extraFields: { nonce: "1" } }), "nonce", "extraFields"],
  ])("refuses %s, naming the field and the rule, and sends nothing", async (_name, call, field, rule) => {
    const before = server.received.length;
    const failure = call();
    await expect(failure).rejects.toBeInstanceOf(RequestValidationError);
    await expect(failure).rejects.toMatchObject({ issues: expect.arrayContaining([expect.objectContaining({ field, rule })]) });
    await expect(failure).rejects.toThrow(new RegExp(`${field}`));
    expect(server.received.length).toBe(before);
  });
});

const page = (records: unknown[]) => ({ offset: 0, limit: 100, records });

describe("answers", () => {
  it.each([
    [400, { code: 0, message: "Validation failed", errors: { status: ["The selected status is invalid."] } }, BadRequestError],
    [401, { code: 401, message: "Invalid signature", errors: {} }, UnauthorizedError],
    [403, { code: 403, message: "Not a partner", errors: {} }, ForbiddenError],
    [404, { code: 404, message: "No such endpoint", errors: {} }, NotFoundError],
    [429, { code: 429, message: "Too many", errors: {} }, RateLimitError],
    [500, { code: 500, message: "Boom", errors: {} }, ServerError],
    [503, { code: 503, message: "Down", errors: {} }, ServerError],
  ])("%i becomes a typed error with the parsed body", async (status, body, type) => {
    answer = { status, body };
    const failure = client().getInvestmentsHistory({});
    await expect(failure).rejects.toBeInstanceOf(type);
    await expect(failure).rejects.toMatchObject({ status, operationId: "getInvestmentsHistory", body });
    await expect(failure).rejects.toThrow(body.message);
  });

  it("gives the 400 errors map by field", async () => {
    answer = { status: 400, body: { code: 0, message: "Validation failed", errors: { id: ["The id is invalid."] } } };
    const error = await client().getInvestmentsHistory({ id: "x" }).catch((e) => e);
    expect(error.errors).toEqual({ id: ["The id is invalid."] });
    expect(error.message).toContain("id: The id is invalid.");
  });

  it.each([
    ["a number where a decimal string belongs", { status: 200, body: page([{ planId: "p", investmentId: "i", amount: 7.5, ticker: "USDT", timestamp: 1 }]) }, "records[0].amount", "type"],
    ["a missing required field", { status: 200, body: { offset: 0, limit: 100 } }, "records", "required"],
    ["an HTML body", { status: 200, text: "<html>hi</html>", headers: { "Content-Type": "text/html" } }, "(response)", "contract"],
    ["a body that is not JSON", { status: 200, text: "{oops" }, "(response)", "contract"],
    ["an undocumented 2xx status", { status: 201, body: page([]) }, "(response)", "contract"],
  ])("a response with %s is a contract violation naming the path", async (_name, scripted, field, rule) => {
    answer = scripted as Answer;
    const failure = client().getInterestPaymentsHistory();
    await expect(failure).rejects.toBeInstanceOf(ContractViolationError);
    await expect(failure).rejects.toMatchObject({ issues: expect.arrayContaining([expect.objectContaining({ field, rule })]) });
  });

  it("lets a contract violation through when response validation is off", async () => {
    const body = page([{ planId: "p", investmentId: "i", amount: 7.5, ticker: "USDT", timestamp: 1 }]);
    answer = { status: 200, body };
    const lax = createClient({ baseUrl: server.baseUrl, apiKey, apiSecret, validateResponses: false });
    expect(await lax.getInterestPaymentsHistory()).toEqual(body);
  });

  it("reports a timeout and a network error as such", async () => {
    answer = { status: 200, body: {}, delayMs: 60_000 };
    await expect(client().getMainBalance()).rejects.toBeInstanceOf(TimeoutError);
    const closed = createClient({ baseUrl: `http://127.0.0.1:${await freePort()}`, apiKey, apiSecret, retry: false });
    await expect(closed.getMainBalance()).rejects.toBeInstanceOf(NetworkError);
  });
});

describe("redaction", () => {
  async function everyError(): Promise<unknown[]> {
    const errors: unknown[] = [];
    const collect = (promise: Promise<unknown>) => promise.then(() => errors.push(new Error("no error")), (e) => errors.push(e));
    await collect(client().getInvestmentsHistory({ limit: 0 }));
    for (const status of [400, 401, 403, 404, 429, 500]) {
      answer = { status, body: { code: status, message: "scripted", errors: { id: ["bad"] } } };
      await collect(client().getInvestmentsHistory({}));
    }
    answer = { status: 200, body: { nonsense: true } };
    await collect(client().getInvestmentsHistory({}));
    answer = { status: 200, body: {}, delayMs: 60_000 };
    await collect(client().getMainBalance());
    await collect(createClient({ baseUrl: `http://127.0.0.1:${await freePort()}`, apiKey, apiSecret, retry: false }).getMainBalance());
    await collect(Promise.resolve().then(() => createClient({ baseUrl: server.baseUrl, apiKey, apiSecret: "" })));
    return errors;
  }

  it("no error's message, stack, JSON or inspect output contains the secret", async () => {
    const errors = await everyError();
    expect(errors.filter((e) => e instanceof TxcError)).toHaveLength(errors.length);
    expect(new Set(errors.map((e) => (e as Error).name)).size).toBeGreaterThanOrEqual(9);
    for (const error of errors) {
      const e = error as Error;
      for (const text of [e.message, e.stack, JSON.stringify(e), JSON.stringify({ ...e }), inspect(e, { depth: 10, showHidden: true })]) {
        expect(text).not.toContain(apiSecret);
      }
    }
  });

  it("the client object does not show the secret either", () => {
    const text = inspect(client(), { depth: 10, showHidden: true }) + JSON.stringify(client());
    expect(text).not.toContain(apiSecret);
  });
});

describe("errors that lead with the cause", () => {
  it("a refused connection says so in words, with its code, and how many attempts were made", async () => {
    const closed = createClient({ baseUrl: `http://127.0.0.1:${await freePort()}`, apiKey, apiSecret, retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 2 } });
    const failure = await closed.getMainBalance().catch((error) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure.message).toMatch(/^getMainBalance: the server refused the connection: nothing listens there at 127\.0\.0\.1:\d+ \(ECONNREFUSED\) \(3 attempts in \d+\.\d s; this was the last\)$/);
    expect(failure.attempts).toBe(3);
  });

  it("a state-changing call that timed out says the server may have acted", async () => {
    answer = { status: 200, body: {}, delayMs: 60_000 };
    const failure = await client().applyCode({ code: "C" }).catch((error) => error);
    expect(failure).toBeInstanceOf(TimeoutError);
    expect(failure.message).toContain("The server may have acted on it: check (the balance, the refund) before sending it again");
  });

  it("paginate on an operation that is not paged names the ones that are", async () => {
    const walk = async () => {
      for await (const _ of client().paginate("getMainBalance" as never)) break;
    };
    await expect(walk()).rejects.toThrow("getMainBalance: is not paged: paginate takes getInvestmentsHistory, getInterestPaymentsHistory, getFundingHistory");
  });

  it("an unasked-for 100 Continue before the answer: a NetworkError in one line (undici refuses it), as the README says", async () => {
    const { createServer: createTcpServer } = await import("node:net");
    const body = JSON.stringify({ BTC: { main_balance: "1" } });
    const raw = createTcpServer((socket) => {
      socket.once("data", () => {
        socket.write("HTTP/1.1 100 Continue\r\n\r\n");
        setTimeout(() => socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`), 20);
      });
    });
    const listening = await listenOnLoopback(raw);
    try {
      const failure = await createClient({ baseUrl: listening.baseUrl, apiKey, apiSecret, retry: false }).getMainBalance().catch((error) => error);
      expect(failure).toBeInstanceOf(NetworkError);
      expect(failure.message).toBe("getMainBalance: the answer could not be read: bad response (UND_ERR_SOCKET)");
    } finally {
      await listening.close();
    }
  });
});
