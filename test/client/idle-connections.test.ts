// A state-changing call after a pause, where the server announces no idle timeout (nginx's
// keepalive_timeout sends no Keep-Alive header): it goes on a fresh connection, never on one the
// server may be closing; read-only calls keep riding the idle one (one lost is sent again).
import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createClient } from "../../src/index.js";
import { STALE_IDLE_MS } from "../../src/transport/origin-clients.js";
import { listenOnLoopback, type Listening } from "../helpers/loopback.js";

const balance = { BTC: { main_balance: "1" } };
const code = { message: "ok", ticker: "USDT", amount: "25", external_id: "8e2f6a1c-3b4d-4e5f-9a0b-7c6d5e4f3a2b" };
const opened: { server: Server; listening: Listening }[] = [];
afterEach(async () => {
  for (const { listening } of opened.splice(0)) await listening.close();
});

/** A server that counts its connections; `announce` false sends no Keep-Alive header (Node's keepAliveTimeout 0). */
async function counting(announce: boolean) {
  let connections = 0;
  const server = createServer((request, response) => {
    request.resume().on("end", () => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify(request.url!.endsWith("/codes/apply") ? code : balance));
    });
  });
  server.keepAliveTimeout = announce ? 5_000 : 0;
  server.on("connection", () => connections++);
  const listening = await listenOnLoopback(server);
  opened.push({ server, listening });
  return { baseUrl: listening.baseUrl, connections: () => connections };
}

// The pause is what is tested, not a wait for something to happen.
const idle = () => new Promise((resolve) => setTimeout(resolve, STALE_IDLE_MS + 150));

describe(`after ${STALE_IDLE_MS} ms idle, with no Keep-Alive timeout announced`, () => {
  it("a state-changing call opens a fresh connection; one right after it rides that one", async () => {
    const server = await counting(false);
    const client = createClient({ baseUrl: server.baseUrl, apiKey: "k", apiSecret: "s", retry: false });
    await client.getMainBalance();
    expect(server.connections()).toBe(1);
    await idle();
    expect(await client.applyCode({ code: "C1" })).toEqual(code);
    expect(server.connections()).toBe(2);
    expect(await client.applyCode({ code: "C2" })).toEqual(code);
    expect(server.connections()).toBe(2);
  });

  it("a read-only call rides the idle connection", async () => {
    const server = await counting(false);
    const client = createClient({ baseUrl: server.baseUrl, apiKey: "k", apiSecret: "s", retry: false });
    await client.getMainBalance();
    await idle();
    await client.getMainBalance();
    expect(server.connections()).toBe(1);
  });
});

describe("with a Keep-Alive timeout announced", () => {
  it("a state-changing call after the same pause rides the idle connection: the server said how long it keeps it", async () => {
    const server = await counting(true);
    const client = createClient({ baseUrl: server.baseUrl, apiKey: "k", apiSecret: "s", retry: false });
    await client.getMainBalance();
    await idle();
    await client.applyCode({ code: "C1" });
    expect(server.connections()).toBe(1);
  });
});
