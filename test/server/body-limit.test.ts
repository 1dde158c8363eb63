// One body limit from the socket to the kit: a signed body carries its base64 in X-TXC-PAYLOAD, so
// a body the kit accepts must also fit the server's header limit. Real servers on loopback (node:http
// and each framework as docs/server.md sets it up), real signed requests: a body of exactly
// maxBodyBytes reaches the kit, one byte more gets the kit's 413 in the document's shape, never
// Node's 431, a framework's own 413 or a reset.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApiHandler, privateErrorBody, type Handlers } from "../../src/server-entry.js";
import { FRAMEWORKS, startFront, type Front } from "../helpers/framework-fronts.js";
import { BALANCE, send, signedOfSize } from "../helpers/raw-requests.js";
import { notWrittenYet } from "../helpers/not-written.js";

const key = { apiKey: "body-limit-key", apiSecret: "body-limit-secret" };
const notWritten = notWrittenYet();
const handlers: Handlers = { ...notWritten, getMainBalance: () => ({}) };
const keys = (apiKey: string) => (apiKey === key.apiKey ? { secret: key.apiSecret, partner: true } : undefined);

let servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const statusOf = async (baseUrl: string, bytes: number) => {
  const heard = await send(`${baseUrl}${BALANCE}`, signedOfSize(bytes, key));
  return "status" in heard ? heard.status : heard.ended;
};

describe("the kit's body limit through node:http", () => {
  it("by default (8 KiB) fits Node's default header limit: the largest body reaches the kit, one byte more is its 413", async () => {
    const api = createApiHandler({ keys, handlers });
    const baseUrl = await listen(createServer(api.listener));
    const largest = 8 * 1024;
    expect([200, 400]).toContain(await statusOf(baseUrl, largest));
    expect(await statusOf(baseUrl, largest + 1)).toBe(413);
  });

  it("without maxHeaderSize: api.maxHeaderSize, Node refuses a 100 KB body's signing headers before the kit sees it: why the option exists", async () => {
    const api = createApiHandler({ keys, handlers, maxBodyBytes: 100 * 1024 });
    const plain = await listen(createServer(api.listener));
    expect([431, "ECONNRESET", "EPIPE"]).toContain(await statusOf(plain, 100 * 1024));
  });
});

describe.each(FRAMEWORKS)("the kit's body limit through %s, set up as the guide shows", (framework) => {
  const maxBodyBytes = 128 * 1024;
  let front: Front;
  beforeAll(async () => {
    front = await startFront(framework, createApiHandler({ keys, handlers, maxBodyBytes }));
  });
  afterAll(() => front?.close());

  it("a 100 KB body and a body of exactly maxBodyBytes reach the kit (200)", async () => {
    expect(await statusOf(front.baseUrl, 100 * 1000)).toBe(200);
    expect(await statusOf(front.baseUrl, maxBodyBytes)).toBe(200);
  });

  it("one byte more is the kit's 413 in the document's error shape", async () => {
    expect(await send(`${front.baseUrl}${BALANCE}`, signedOfSize(maxBodyBytes + 1, key))).toEqual({
      status: 413, body: privateErrorBody(413, `The body is larger than ${maxBodyBytes} bytes.`),
    });
  });
});

describe("the kit's own headers through every door", () => {
  it("a 429 carries Retry-After through handle, fetch and listener alike: the store's wait, in whole seconds", async () => {
    const api = createApiHandler({
      keys: () => undefined, handlers,
      rateLimits: { admit: () => ({ admitted: false, retryAfterMs: 2_500 }) },
    });
    const handled = await api.handle({ method: "POST", path: BALANCE, headers: {}, rawBody: "{}", address: undefined });
    expect([handled.status, handled.headers["Retry-After"]]).toEqual([429, "3"]);
    const fetched = await api.fetch(new Request(`http://127.0.0.1${BALANCE}`, { method: "POST", body: "{}" }));
    expect([fetched.status, fetched.headers.get("retry-after")]).toEqual([429, "3"]);
    const baseUrl = await listen(createServer(api.listener));
    const heard = await fetch(`${baseUrl}${BALANCE}`, { method: "POST", body: "{}" });
    expect([heard.status, heard.headers.get("retry-after")]).toEqual([429, "3"]);
  });

  it("handle holds maxBodyBytes though the framework read more: the kit's 413", async () => {
    const api = createApiHandler({ keys, handlers, maxBodyBytes: 10 });
    const answer = await api.handle({ method: "POST", path: BALANCE, headers: {}, rawBody: "x".repeat(11) });
    expect([answer.status, JSON.parse(String(answer.body))]).toEqual([413, privateErrorBody(413, "The body is larger than 10 bytes.")]);
  });
});
