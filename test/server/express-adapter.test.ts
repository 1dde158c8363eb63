// txc-api/server/express behind the usual mistakes: a JSON body parser mounted before it (the
// signed bytes are gone: a 500 in the document's shape and one line naming the fix), and
// express.raw() before it (the bytes kept: answered as usual).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, expect, it, vi } from "vitest";
import { createClient } from "../../src/index.js";
import { createApiHandler, privateErrorBody } from "../../src/server-entry.js";
import { txcApi } from "../../src/server-express-entry.js";
import { notWrittenYet } from "../helpers/not-written.js";

const key = { apiKey: "express-key", apiSecret: "express-secret" };
const notWritten = notWrittenYet();
const api = createApiHandler({ keys: (apiKey) => (apiKey === key.apiKey ? { secret: key.apiSecret } : undefined), handlers: { ...notWritten, getMainBalance: () => ({ BTC: { main_balance: "1" } }) } });

let server: Server | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await new Promise((resolve) => server?.close(resolve));
});

async function serve(app: express.Express): Promise<string> {
  server = createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

it("a JSON parser mounted before it: the documented 500, and one line on stderr saying what to move", async () => {
  const written: string[] = [];
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
  const app = express();
  app.use(express.json());
  app.use(txcApi(api));
  const baseUrl = await serve(app);
  const failure = await createClient({ baseUrl, ...key, retry: false }).getMainBalance().catch((error: unknown) => error);
  expect(failure).toMatchObject({ status: 500, body: privateErrorBody(500, "Internal error.") });
  expect(written.filter((line) => line.startsWith("txc-api server: POST /api/v4/main-account/balance failed with 500: the request body was read by a body parser before txcApi"))).toHaveLength(1);
});

it("express.raw() mounted before it: the kept bytes are checked as they are, and answered", async () => {
  const app = express();
  app.use(express.raw({ type: () => true }));
  app.use(txcApi(api));
  const baseUrl = await serve(app);
  expect(await createClient({ baseUrl, ...key, retry: false }).getMainBalance()).toEqual({ BTC: { main_balance: "1" } });
  const forged = await createClient({ baseUrl, apiKey: key.apiKey, apiSecret: "wrong", retry: false }).getMainBalance().catch((error: unknown) => error);
  expect(forged).toMatchObject({ status: 401 });
});
