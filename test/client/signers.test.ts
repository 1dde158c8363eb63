// One signer, three routes: createClient, txc-api/openapi-fetch's createSignedFetchClient, and a
// plain openapi-fetch client with signingMiddleware. The same cases go through each, against the
// real sandbox, straight and behind a gateway that adds a path prefix.
import { createServer } from "node:http";
import createFetchClient from "openapi-fetch";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createClient, HttpError, RedirectError, RequestValidationError, signingMiddleware, TxcError, type SignedPaths } from "../../src/index.js";
import { createSignedFetchClient } from "../../src/openapi-fetch.js";
import { startSandbox, type Sandbox } from "../../src/sandbox-entry.js";
import { listenOnLoopback, type Listening } from "../helpers/loopback.js";

let sandbox: Sandbox;
let gateway: Listening;
let answerInstead: number | undefined;
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimits: false });
  // A gateway that serves the API under /exchange and strips the prefix; or answers a status of the test's.
  gateway = await listenOnLoopback(createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (answerInstead !== undefined) {
      response.writeHead(answerInstead, { Location: "http://127.0.0.2:9/elsewhere", "Content-Type": "application/json" });
      return response.end(answerInstead === 304 ? undefined : "{}");
    }
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.startsWith("x-txc-") || name === "content-type")) as Record<string, string>;
    const answer = await fetch(sandbox.url + request.url!.replace(/^\/exchange/, ""), { method: request.method, headers, body: request.method === "GET" ? undefined : Buffer.concat(chunks) });
    response.writeHead(answer.status, { "Content-Type": answer.headers.get("content-type") ?? "" });
    response.end(await answer.text());
  }));
});
afterAll(async () => {
  await gateway?.close();
  await sandbox?.close();
});
beforeEach(async () => {
  answerInstead = undefined;
  await sandbox.reset();
});

const keys = () => sandbox.keys.partner;
type Route = { name: string; balance: (baseUrl: string, body: Record<string, unknown>) => Promise<unknown> };
const unwrap = async (call: Promise<{ data?: unknown; error?: unknown; response: Response }>) => {
  const { data, error, response } = await call;
  if (response.status !== 200) throw Object.assign(new Error(`status ${response.status}`), { status: response.status, error });
  return data;
};
const routes: Route[] = [
  { name: "createClient", balance: (baseUrl, body) => createClient({ baseUrl, ...keys(), retry: false }).getMainBalance(body as never) },
  { name: "createSignedFetchClient", balance: (baseUrl, body) => unwrap(createSignedFetchClient({ baseUrl, ...keys() }).POST("/api/v4/main-account/balance", { body: body as never })) },
  {
    name: "openapi-fetch with signingMiddleware",
    balance: (baseUrl, body) => {
      const api = createFetchClient<SignedPaths>({ baseUrl });
      api.use(signingMiddleware(keys()));
      return unwrap(api.POST("/api/v4/main-account/balance", { body: body as never }));
    },
  },
];

describe.each(routes)("$name", (route) => {
  it("signs a valid body: 200, request is the document's path", async () => {
    expect(await route.balance(sandbox.url, { ticker: "BTC" })).toEqual({ BTC: expect.any(Object) });
    expect(sandbox.calls.at(-1)).toMatchObject({ status: 200, fields: { request: "/api/v4/main-account/balance", ticker: "BTC" } });
  });

  it("behind a gateway's prefix, request is still the document's path, not the prefixed one", async () => {
    expect(await route.balance(`${gateway.baseUrl}/exchange`, { ticker: "BTC" })).toEqual({ BTC: expect.any(Object) });
    expect(sandbox.calls.at(-1)).toMatchObject({ status: 200, fields: { request: "/api/v4/main-account/balance" } });
  });

  it.each([
    [{ tikcer: "BTC" }, "tikcer", /tikcer is not a parameter of getMainBalance: did you mean ticker\?/],
    [{ nonce: "5" }, "nonce", /nonce is set by the client when it signs/],
    [{ request: "/elsewhere" }, "request", /request is set by the client when it signs/],
    [{ ticker: 5 }, "ticker", /ticker/],
  ])("refuses %j before sending: RequestValidationError naming %s", async (body, field, message) => {
    const failure: any = await route.balance(sandbox.url, body).catch((error: any) => error);
    expect(failure).toBeInstanceOf(RequestValidationError);
    expect(failure.issues.map((issue: { field: string }) => issue.field)).toContain(field);
    expect(failure.message).toMatch(message);
    expect(sandbox.calls).toEqual([]);
  });

  it("one rule for 3xx: a 302 is a RedirectError, a 304 is an answer", async () => {
    answerInstead = 302;
    expect(await route.balance(gateway.baseUrl, {}).catch((error: any) => error)).toBeInstanceOf(RedirectError);
    answerInstead = 304;
    const failure: any = await route.balance(gateway.baseUrl, {}).catch((error: any) => error);
    expect(failure).not.toBeInstanceOf(RedirectError);
    expect(failure instanceof HttpError ? failure.status : failure.status).toBe(304);
  });
});

describe("an aborted call", () => {
  it.each([
    ["createClient", (signal: AbortSignal) => createClient({ baseUrl: sandbox.url, ...keys() }).getMainBalance({}, { signal })],
    ["createSignedFetchClient", (signal: AbortSignal) => createSignedFetchClient({ baseUrl: sandbox.url, ...keys() }).POST("/api/v4/main-account/balance", { body: {}, signal })],
  ])("%s rejects with the signal's own reason (the platform's AbortError), not a TxcError, as the README says", async (_route, call) => {
    const controller = new AbortController();
    const failure = call(controller.signal).catch((error: unknown) => error);
    controller.abort();
    const error = await failure;
    expect(error).toBe(controller.signal.reason);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe("AbortError");
    expect(error).not.toBeInstanceOf(TxcError);
  });
});
