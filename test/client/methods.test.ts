// Every method of the client, against a loopback server that recomputes each signature from the
// bytes it received, and against a real Prism mock of the document.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OptionsError, RequestValidationError, TxcError, createClient, servers } from "../../src/index.js";
import type { OperationId } from "../../src/client/operation-types.js";
import { httpOperationIds, operationIdOf, operationPath, requestExample, responseExample } from "../helpers/examples.js";
import { startPrism, type Prism } from "../helpers/prism.js";
import { startVerifyingServer, type VerifyingServer } from "../helpers/verifying-server.js";
import { loadDocument } from "../helpers/project.js";
import { operationIndex } from "../../generated/operations.js";

const apiKey = "test-key";
const apiSecret = "test-secret-value-7f3e";
let server: VerifyingServer;
let prism: Prism;

beforeAll(async () => {
  server = await startVerifyingServer({ [apiKey]: apiSecret }, ({ path }) => ({ status: 200, body: responseExample(operationIdOf(path)!) }));
  prism = await startPrism();
});
afterAll(async () => {
  await server?.close();
  await prism?.stop();
});

const call = (client: ReturnType<typeof createClient>, operationId: string) =>
  (client[operationId as OperationId] as (params?: object) => Promise<unknown>)(requestExample(operationId));

describe("client methods", () => {
  it("has one method per operation of the document", () => {
    const client = createClient({ baseUrl: server.baseUrl, apiKey, apiSecret });
    expect(httpOperationIds, "the document's paths against the generated index").toEqual(Object.keys(operationIndex));
    for (const operationId of httpOperationIds) expect(typeof client[operationId as OperationId]).toBe("function");
  });

  it.each(httpOperationIds)("%s sends exactly the bytes it signed, and returns the 200 body", async (operationId) => {
    const client = createClient({ baseUrl: server.baseUrl, apiKey, apiSecret });
    const before = server.received.length;
    const result = await call(client, operationId);
    expect(result).toEqual(responseExample(operationId));
    const [sent] = server.received.slice(before);
    expect(sent.path).toBe(operationPath(operationId));
    if (operationId === "ping") {
      expect(sent.method).toBe("GET");
      expect(sent.headers["x-txc-signature"]).toBeUndefined();
      return;
    }
    expect(sent.signatureProblem).toBeNull();
    expect(sent.headers["x-txc-payload"]).toBe(sent.rawBody.toString("base64"));
    expect(sent.headers["content-type"]).toBe("application/json");
    expect(sent.body).toEqual({ request: operationPath(operationId), nonce: expect.stringMatching(/^\d+$/), ...requestExample(operationId) });
  });

  it.each(httpOperationIds)("%s answers its documented example through Prism", async (operationId) => {
    const client = createClient({ baseUrl: prism.baseUrl, apiKey, apiSecret });
    expect(await call(client, operationId)).toEqual(responseExample(operationId));
  });

  it("refuses request and nonce from an untyped caller: the client sets both when it signs; nothing is sent", async () => {
    const client = createClient({ baseUrl: server.baseUrl, apiKey, apiSecret });
    const before = server.received.length;
    const failure = await client.getMainBalance({ request: "/api/v4/elsewhere", nonce: "1", ticker: "BTC" } as never).catch((error) => error);
    expect(failure).toBeInstanceOf(RequestValidationError);
    expect(failure.issues.map((issue: { field: string }) => issue.field)).toEqual(["request", "nonce"]);
    expect(failure.message).toContain("request is set by the client when it signs, not a parameter");
    expect(server.received.length).toBe(before);
  });

  it.each([
    [{ tikcer: "BTC" }, "tikcer is not a parameter of getMainBalance: did you mean ticker?; send a field the document does not list with extraFields"],
    [{ colour: "red" }, "colour is not a parameter of getMainBalance (its parameters: ticker); send a field the document does not list with extraFields"],
    ["BTC", 'the parameters of getMainBalance are an object of its fields, such as { ticker: "BTC" }, or nothing; got a string'],
    [["BTC"], 'the parameters of getMainBalance are an object of its fields, such as { ticker: "BTC" }, or nothing; got an array'],
  ])("refuses the parameters %j from plain JavaScript, saying what was meant, and sends nothing", async (params, message) => {
    const client = createClient({ baseUrl: server.baseUrl, apiKey, apiSecret });
    const before = server.received.length;
    const failure = await client.getMainBalance(params as never).catch((error) => error);
    expect(failure).toBeInstanceOf(RequestValidationError);
    expect(failure.message).toContain(message);
    expect(server.received.length).toBe(before);
  });

  it("sends an unlisted field when asked to on purpose, with extraFields", async () => {
    const client = createClient({ baseUrl: server.baseUrl, apiKey, apiSecret });
    await client.getMainBalance(undefined, { extraFields: { tikcer: "sent on purpose" } });
    expect(server.received.at(-1)!.body.tikcer).toBe("sent on purpose");
  });

  it("exports the document's servers and never guesses a host", () => {
    expect(servers.map((s) => s.url)).toEqual(loadDocument().servers.map((s) => s.url));
    // The first is a URL as it is (the sandbox's); the API's own are templates with no host guessed.
    expect(servers[0]!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(servers.slice(1).every((s) => s.url === "{scheme}://{host}")).toBe(true);
    expect(() => createClient({} as never)).toThrow(/baseUrl is required/);
    expect(() => createClient({ baseUrl: "{base_url}" })).toThrow(/baseUrl needs a scheme, http:\/\/ or https:\/\//);
  });

  it.each([
    ["127.0.0.1:8080", "baseUrl needs a scheme, http:// or https://, such as http://127.0.0.1:8080: did you mean http://127.0.0.1:8080?"],
    ["localhost", "baseUrl needs a scheme, http:// or https://, such as http://127.0.0.1:8080: did you mean http://localhost?"],
    ["ftp://127.0.0.1", "baseUrl must be http:// or https://, not ftp://"],
    ["http://trader:hunter2@127.0.0.1:8080", "baseUrl must not hold credentials (user:password@): the API key and secret are given apart"],
    ["http://127.0.0.1:8080/?env=prod", "baseUrl must not hold a query or a fragment: requests go to its path"],
    ["http://127.0.0.1:8080/#docs", "baseUrl must not hold a query or a fragment: requests go to its path"],
  ])("refuses baseUrl %s when the client is created, saying why and never repeating a password", (baseUrl, message) => {
    const failure = (() => {
      try {
        createClient({ baseUrl, apiKey: "k", apiSecret: "s" });
      } catch (error) {
        return error as Error;
      }
    })();
    expect(failure).toBeInstanceOf(OptionsError);
    expect(failure).toBeInstanceOf(TxcError);
    expect(failure!.message).toBe(message);
    expect(failure!.message).not.toContain("hunter2");
  });

  it("takes a base URL with a path prefix, and sends under it", async () => {
    const gateway = await startVerifyingServer({ [apiKey]: apiSecret }, () => ({ status: 200, body: { BTC: { main_balance: "1" } } }));
    try {
      const prefixed = createClient({ baseUrl: `${gateway.baseUrl}/gateway/`, apiKey, apiSecret, retry: false });
      expect(await prefixed.getMainBalance()).toEqual({ BTC: { main_balance: "1" } });
      expect(gateway.received.map((r) => r.path)).toEqual(["/gateway/api/v4/main-account/balance"]);
    } finally {
      await gateway.close();
    }
  });

  it("refuses a signed operation without credentials, before sending", async () => {
    const client = createClient({ baseUrl: server.baseUrl });
    const before = server.received.length;
    await expect(client.getMainBalance()).rejects.toThrow(/pass apiKey and apiSecret/);
    expect(server.received.length).toBe(before);
    expect(await client.ping()).toEqual(["pong"]);
  });
});

describe("credentials: both or neither", () => {
  it("neither: ping only, a signed call a SetupError at once with nothing sent; one alone: OptionsError at creation", async () => {
    let sent = 0;
    const fetch = async () => (sent++, new Response('["pong"]', { status: 200, headers: { "Content-Type": "application/json" } }));
    const client = createClient({ baseUrl: "http://127.0.0.1:9", fetch });
    expect(await client.ping()).toEqual(["pong"]);
    const failure = await client.getMainBalance().catch((error) => error);
    expect(failure.name).toBe("SetupError");
    expect(failure.message).toBe("getMainBalance: nothing was sent: this operation is signed: pass apiKey and apiSecret to createClient (only ping needs neither)");
    expect(sent).toBe(1);
    expect(() => createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k" })).toThrow(OptionsError);
    expect(() => createClient({ baseUrl: "http://127.0.0.1:9", apiSecret: "s" })).toThrow(/apiKey is required/);
  });
});

describe("a newcomer's slips", () => {
  const client = createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", apiSecret: "s" });
  it("a misspelt operation says what was meant", () => {
    expect(() => (client as unknown as { getBalance: () => void }).getBalance()).toThrow("getBalance: is not an operation of the API: did you mean getMainBalance?");
    expect((client as unknown as { then?: unknown }).then).toBeUndefined();
  });

  it("paginate of an operation that does not exist says so, with the one meant", async () => {
    await expect(client.paginate("getInvestments" as never)[Symbol.asyncIterator]().next()).rejects.toThrow(/getInvestments: is not an operation of the API: did you mean getInvestmentsHistory\?/);
  });

  it("a space around baseUrl is named as such, not as a missing scheme", () => {
    expect(() => createClient({ baseUrl: " http://127.0.0.1:9" })).toThrow("baseUrl starts or ends with a space or a line break: remove it");
  });
});
