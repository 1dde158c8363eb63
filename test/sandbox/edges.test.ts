// Nothing lost at the sandbox's edges: a refusal that closes its connection says so and takes no
// other request with it, signing headers too large for any body get an answer the client reads,
// and an exception inside the sandbox is answered 500 and told, with its stack.
import type { AddressInfo } from "node:net";
import { Agent, request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signRequest } from "../../src/index.js";
import { startSandbox, type Sandbox } from "../../src/sandbox-entry.js";
import { CallLog } from "../../src/sandbox/call-log.js";
import { builtInDataset } from "../../src/sandbox/dataset.js";
import { createSandbox } from "../../src/sandbox/server.js";
import { generatedDir } from "../helpers/project.js";
import path from "node:path";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimits: false });
});
afterAll(async () => {
  await sandbox?.close();
});

const BALANCE = "/api/v4/main-account/balance";
const oversized = () => JSON.stringify({ request: BALANCE, nonce: "1", padding: "x".repeat(9 * 1024) });

describe("a 413", () => {
  it("says Connection: close, and the next request of a keep-alive client is answered: 20 rounds back to back, over undici", async () => {
    const agent = new Agent({ keepAliveTimeout: 10_000 });
    try {
      for (let round = 0; round < 20; round++) {
        const refused = await request(`${sandbox.url}${BALANCE}`, { method: "POST", body: oversized(), headers: { "content-type": "application/json" }, dispatcher: agent });
        expect(refused.statusCode).toBe(413);
        expect(refused.headers.connection).toBe("close");
        expect(await refused.body.json()).toMatchObject({ code: 413, message: expect.stringContaining("larger than") });
        const next = await request(`${sandbox.url}/api/v4/public/ping`, { dispatcher: agent });
        expect(next.statusCode).toBe(200);
        expect(await next.body.json()).toEqual(["pong"]);
      }
    } finally {
      await agent.close();
    }
  });

  it("the same over fetch, which keeps its connections alive too", async () => {
    for (let round = 0; round < 10; round++) {
      const refused = await fetch(`${sandbox.url}${BALANCE}`, { method: "POST", body: oversized(), headers: { "content-type": "application/json" } });
      expect(refused.status).toBe(413);
      await refused.arrayBuffer();
      expect((await fetch(`${sandbox.url}/api/v4/public/ping`)).status).toBe(200);
    }
  });
});

describe("signing headers larger than any body the sandbox accepts (a body of 1 MB, signed)", () => {
  it("get a JSON 431 that the client reads, and the next request is answered", async () => {
    const signed = signRequest({ path: BALANCE, body: { padding: "x".repeat(1024 * 1024) }, apiKey: sandbox.keys.partner.apiKey, apiSecret: sandbox.keys.partner.apiSecret, nonce: Date.now() });
    const answer = await request(`${sandbox.url}${BALANCE}`, { method: "POST", body: signed.body, headers: signed.headers });
    expect(answer.statusCode).toBe(431);
    expect(answer.headers.connection).toBe("close");
    expect(await answer.body.json()).toMatchObject({ code: 431, message: expect.stringContaining("headers are larger") });
    expect((await request(`${sandbox.url}/api/v4/public/ping`)).statusCode).toBe(200);
  });

  it("a body at the limit, signed, is within the header limit: its signing headers are read, and it is answered as any request", async () => {
    const signed = signRequest({ path: BALANCE, body: { padding: "x".repeat(7 * 1024) }, apiKey: sandbox.keys.partner.apiKey, apiSecret: sandbox.keys.partner.apiSecret, nonce: Date.now() });
    const answer = await request(`${sandbox.url}${BALANCE}`, { method: "POST", body: signed.body, headers: signed.headers });
    expect(answer.statusCode).toBe(200);
    await answer.body.dump();
  });
});

describe("an exception inside the sandbox", () => {
  it("is answered 500 and told once to the caller's logger, with its stack and no secret", async () => {
    const told: string[] = [];
    const failing = new CallLog();
    failing.record = () => {
      throw new Error("the call log broke");
    };
    const server = createSandbox({
      dataset: builtInDataset(), docsFile: path.join(generatedDir, "openapi.json"), documentFile: path.join(generatedDir, "openapi.json"),
      calls: failing, log: (message) => void told.push(message),
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const signed = signRequest({ path: BALANCE, body: {}, apiKey: "sandbox-partner", apiSecret: "sandbox-partner-secret", nonce: Date.now() });
      const answer = await fetch(`http://127.0.0.1:${port}${BALANCE}`, { method: "POST", body: signed.body, headers: signed.headers });
      expect(answer.status).toBe(500);
      expect(await answer.json()).toMatchObject({ message: "Internal error." });
      expect(told).toHaveLength(1);
      expect(told[0]).toMatch(/^txc-api sandbox: POST \/api\/v4\/main-account\/balance failed with 500: Error: the call log broke\n\s+at /);
      expect(told[0]).not.toContain("sandbox-partner-secret");
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
