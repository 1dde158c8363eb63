// One body limit from the socket to the kit: a signed body carries its base64 in X-TXC-PAYLOAD, so
// a body the kit accepts must also fit the server's header limit. Real node:http servers on
// loopback, real signed requests: a body of exactly maxBodyBytes reaches the kit, one byte more
// gets the kit's 413, never Node's 431 or a reset.
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import { createApiHandler, notImplemented, type Handlers } from "../../src/server-entry.js";
import { signRequest } from "../../src/index.js";

const BALANCE = operationIndex.getMainBalance.path;
const key = { apiKey: "body-limit-key", apiSecret: "body-limit-secret" };
const notWritten = Object.fromEntries(Object.keys(operationIndex).filter((id) => operationIndex[id as keyof typeof operationIndex].signed).map((id) => [id, notImplemented])) as Handlers;
const handlers: Handlers = { ...notWritten, getMainBalance: () => ({}) };

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

let nonce = 1_000_000_000_000;
/** A signed balance request whose body is exactly `bytes` long (the ticker padded to it). */
function signedOfSize(bytes: number) {
  const at = ++nonce;
  const bare = signRequest({ path: BALANCE, body: { ticker: "" }, ...key, nonce: at }).body.length;
  const signed = signRequest({ path: BALANCE, body: { ticker: "T".repeat(bytes - bare) }, ...key, nonce: at });
  expect(Buffer.byteLength(signed.body)).toBe(bytes);
  return signed;
}

/** Sends on a connection of its own; the status, or how the connection ended without one. */
function send(baseUrl: string, { headers, body }: { headers: Record<string, string>; body: string }): Promise<number | string> {
  return new Promise((resolve) => {
    const outgoing = request(`${baseUrl}${BALANCE}`, { method: "POST", headers, agent: false }, (response) => {
      response.resume().on("end", () => resolve(response.statusCode!));
    });
    outgoing.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message)).end(body);
  });
}

describe("the kit's body limit through node:http", () => {
  it("by default (8 KiB) fits Node's default header limit: the largest body reaches the kit, one byte more is its 413", async () => {
    const api = createApiHandler({ keys: (apiKey) => (apiKey === key.apiKey ? { secret: key.apiSecret, partner: true } : undefined), handlers });
    const baseUrl = await listen(createServer(api.listener));
    const largest = 8 * 1024;
    expect([200, 400]).toContain(await send(baseUrl, signedOfSize(largest)));
    expect(await send(baseUrl, signedOfSize(largest + 1))).toBe(413);
  });

  it("a larger maxBodyBytes with maxHeaderSize: api.maxHeaderSize: a 100 KB body reaches the kit, one byte more is its 413", async () => {
    const largest = 100 * 1024;
    const api = createApiHandler({ keys: (apiKey) => (apiKey === key.apiKey ? { secret: key.apiSecret, partner: true } : undefined), handlers, maxBodyBytes: largest });
    const baseUrl = await listen(createServer({ maxHeaderSize: api.maxHeaderSize }, api.listener));
    expect([200, 400]).toContain(await send(baseUrl, signedOfSize(largest)));
    expect(await send(baseUrl, signedOfSize(largest + 1))).toBe(413);
    // Without it, Node refuses the signing headers before the kit sees the request: why the option exists.
    const plain = await listen(createServer(api.listener));
    expect([431, "ECONNRESET", "EPIPE"]).toContain(await send(plain, signedOfSize(largest)));
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
});
