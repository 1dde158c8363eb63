// txc-api/openapi-fetch: openapi-fetch's own client, typed, signed and sent through the package's
// safe transport, against the real sandbox and against servers that redirect, stall or flood.
import { afterAll, describe, expect, it } from "vitest";
import { RedirectError, ResponseTooLargeError, TimeoutError } from "../../src/index.js";
import { createSignedFetchClient, createSigningFetch } from "../../src/openapi-fetch.js";
import { OptionsError } from "../../src/errors/options.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { endlessBody, startHostile, type Hostile } from "../helpers/hostile-server.js";
import { sandboxPerFile } from "../helpers/sandbox.js";

const sandbox = sandboxPerFile();

const partner = { apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret };
const servers: Hostile[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});
const hostile = async (...args: Parameters<typeof startHostile>) => {
  const server = await startHostile(...args);
  servers.push(server);
  return server;
};

describe("createSignedFetchClient", () => {
  it("sends each header once, whatever the case openapi-fetch gave it", async () => {
    const names: string[][] = [];
    const server = await hostile((request, response) => {
      names.push(request.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase()));
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ BTC: { main_balance: "1" } }));
    });
    await createSignedFetchClient({ baseUrl: server.baseUrl, ...partner }).POST("/api/v4/main-account/balance", { body: {} as never });
    expect(names[0]!.filter((name) => name === "content-type")).toHaveLength(1);
    expect(new Set(names[0]).size).toBe(names[0]!.length);
  });

  it("makes signed, typed calls to the sandbox with openapi-fetch's own API", async () => {
    const client = createSignedFetchClient({ baseUrl: sandbox.baseUrl, ...partner });
    const { data, error, response } = await client.POST("/api/v4/main-account/balance", { body: { ticker: "BTC" } });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data).toEqual({ BTC: { main_balance: "0.01532" } });
    const page = await client.POST("/api/v4/main-account/smart/investments", { body: { limit: 2 } });
    expect(page.data?.records).toHaveLength(2);
    const refused = await client.POST("/api/v4/main-account/balance", { body: { ticker: "NOSUCHCOIN" } });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({ code: 0, errors: { ticker: ["Currency NOSUCHCOIN is not known."] } });
    expect((await client.GET("/api/v4/public/ping")).data).toEqual(["pong"]);
  });

  it("never follows a redirect: RedirectError, and the other origin received nothing", async () => {
    const other = await hostile((_request, response) => response.end("{}"), "127.0.0.2");
    const server = await hostile((request, response) => {
      response.writeHead(307, { Location: `${other.baseUrl}${request.url}` });
      response.end();
    });
    const client = createSignedFetchClient({ baseUrl: server.baseUrl, ...partner });
    const failure = await client.POST("/api/v4/main-account/balance", { body: {} }).catch((error) => error);
    expect(failure).toBeInstanceOf(RedirectError);
    expect(failure.operationId).toBe("getMainBalance");
    expect(server.received[0].txcHeaders).toHaveLength(3);
    expect(other.received).toEqual([]);
  });

  it("ends a silent server at the timeout, and an endless answer at the size cap", async () => {
    const silent = await hostile(() => {});
    const slow = createSignedFetchClient({ baseUrl: silent.baseUrl, ...partner, timeoutMs: 300 });
    const timedOut = await slow.POST("/api/v4/main-account/codes/apply", { body: { code: "C" } }).catch((error) => error);
    expect(timedOut).toBeInstanceOf(TimeoutError);
    expect(timedOut.message).toContain("The server may have acted on it");
    const flood = await hostile((_request, response, write) => endlessBody(response, write));
    const capped = createSignedFetchClient({ baseUrl: flood.baseUrl, ...partner, maxResponseBytes: 1024 * 1024 });
    await expect(capped.POST("/api/v4/main-account/balance", { body: {} })).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it("refuses a base URL with credentials, as the client does", () => {
    expect(() => createSignedFetchClient({ baseUrl: "http://u:hunter2@127.0.0.1:1", ...partner })).toThrow("baseUrl must not hold credentials");
  });
});

describe("createSigningFetch", () => {
  it("signs a plain fetch call of the document's path (request and a fresh nonce set), and refuses a URL outside its baseUrl without sending", async () => {
    const { baseUrl } = sandbox;
    const fetch = createSigningFetch({ baseUrl, ...partner });
    const init = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ticker: "BTC" }) };
    const answers = await Promise.all([fetch(`${baseUrl}/api/v4/main-account/balance`, init), fetch(`${baseUrl}/api/v4/main-account/balance`, init)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await answers[0]!.json()).toEqual({ BTC: { main_balance: "0.01532" } });
    const outside = await fetch("http://127.0.0.1:9/api/v4/main-account/balance", init).catch((error) => error);
    expect(outside).toBeInstanceOf(OptionsError);
    expect(outside.message).toBe(`createSigningFetch: http://127.0.0.1:9/api/v4/main-account/balance is outside baseUrl ${baseUrl}; nothing was sent, nothing signed`);
  });
});
