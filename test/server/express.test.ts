// Express 5 with express.raw() in front of api.handle(): the bytes express kept are checked as they
// are, for a team that keeps its own routing instead of txc-api/server/express. Called by the package's client.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createClient } from "../../src/index.js";
import { createApiHandler, notImplemented, type Handlers } from "../../src/server-entry.js";
import { operationIds } from "../../generated/operations.js";

const key = { apiKey: "team-key", apiSecret: "team-secret" };
const lacking = Object.fromEntries(operationIds.filter((id) => id !== "ping").map((id) => [id, notImplemented])) as unknown as Handlers;
const api = createApiHandler({
  keys: (apiKey) => (apiKey === key.apiKey ? { secret: key.apiSecret } : undefined),
  handlers: { ...lacking, getMainBalance: () => ({ USDT: { main_balance: "12.5" } }) },
});
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const app = express();
  app.use("/api/v4", express.raw({ type: () => true }), async (request, response) => {
    const answer = await api.handle({
      method: request.method,
      path: request.originalUrl.split("?")[0],
      headers: request.headers,
      rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      address: request.ip,
    });
    response.status(answer.status).set(answer.headers).send(answer.body);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

it("answers the client, and refuses a forged signature with the document's 401", async () => {
  expect(await createClient({ baseUrl, ...key, retry: false }).getMainBalance()).toEqual({ USDT: { main_balance: "12.5" } });
  const forged = await createClient({ baseUrl, apiKey: key.apiKey, apiSecret: "not-the-secret", retry: false }).getMainBalance().catch((error: unknown) => error);
  expect(forged).toMatchObject({ status: 401, body: { code: 401 } });
  const ping = await fetch(`${baseUrl}/api/v4/public/ping`);
  expect(await ping.json()).toEqual(["pong"]);
});
