// A team's store may answer with any thenable (a query builder, an older promise library), not
// only a native Promise: the kit waits for it on every door, the node:http listener included.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createClient } from "../../src/index.js";
import { createApiHandler, memoryClaimStore, memoryNonceStore, MemoryRateLimits, type Handlers } from "../../src/server-entry.js";
import { notWrittenYet } from "../helpers/not-written.js";

/** The least a thenable may be: a `then` that calls back on a later turn and returns nothing. */
const thenable = <T>(value: T | PromiseLike<T>): PromiseLike<T> => ({
  then: ((resolve: (value: T) => void, reject: (error: unknown) => void) => {
    setImmediate(() => Promise.resolve(value).then(resolve, reject));
  }) as PromiseLike<T>["then"],
});

const key = { apiKey: "thenable-key", apiSecret: "thenable-secret" };
const handlers = { ...notWrittenYet(), getMainBalance: () => thenable({ USDT: { main_balance: "1" } }) } as unknown as Handlers;
const nonces = memoryNonceStore();
const claims = memoryClaimStore();
const limits = new MemoryRateLimits();
const api = createApiHandler({
  keys: (apiKey) => thenable(apiKey === key.apiKey ? { secret: key.apiSecret } : undefined),
  nonces: { checkAndRecord: (apiKey, nonce) => thenable(nonces.checkAndRecord(apiKey, nonce) as never) },
  claims: {
    claim: (operationId, value, token, leaseMs) => thenable(claims.claim(operationId, value, token, leaseMs) as never),
    settle: (operationId, value, token, settlement) => thenable(claims.settle(operationId, value, token, settlement) as never),
  },
  rateLimits: { admit: (operationId, address) => thenable(limits.admit(operationId, address) as never) },
  handlers,
});
let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer(api.listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

it("answers through the listener when every store and the handler answer with a thenable", async () => {
  const client = createClient({ baseUrl, ...key, retry: false });
  expect(await client.getMainBalance()).toEqual({ USDT: { main_balance: "1" } });
  const forged = await createClient({ baseUrl, apiKey: key.apiKey, apiSecret: "wrong", retry: false }).getMainBalance().catch((error: unknown) => error);
  expect(forged).toMatchObject({ status: 401 });
});
