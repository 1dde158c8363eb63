// Answers a front compresses although nothing asked it to: decoded (gzip, deflate, br), the size
// cap applied to the decoded bytes (a bomb ends at the cap), an unknown coding a NetworkError that
// names Content-Encoding, never a contract violation. Each a real loopback server.
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { ContractViolationError, createClient, NetworkError, ResponseTooLargeError } from "../../src/index.js";
import { startHostile, type Hostile } from "../helpers/hostile-server.js";

const keys = { apiKey: "coded-key", apiSecret: "coded-secret-never-shown" };
const balance = { BTC: { main_balance: "1.5" }, ETH: { main_balance: "2" } };
const started: Hostile[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
});

async function coded(encoding: string, body: Buffer, status = 200) {
  const server = await startHostile((request, response) => {
    // Nothing asked for a coding: the client sends no Accept-Encoding.
    response.writeHead(status, { "Content-Type": "application/json", "Content-Encoding": encoding, "X-Asked": String(request.headers["accept-encoding"] ?? "") });
    response.end(body);
  });
  started.push(server);
  return server;
}

describe("compressed answers", () => {
  const text = Buffer.from(JSON.stringify(balance));
  it.each([
    ["gzip", gzipSync(text)],
    ["x-gzip", gzipSync(text)],
    ["deflate", deflateSync(text)],
    ["br", brotliCompressSync(text)],
    ["gzip, br", brotliCompressSync(gzipSync(text))],
  ])("%s: decoded and validated", async (encoding, body) => {
    const server = await coded(encoding, body);
    expect(await createClient({ baseUrl: server.baseUrl, ...keys }).getMainBalance()).toEqual(balance);
  });

  it("a compressed error answer is decoded too: the server's message is shown", async () => {
    const server = await coded("gzip", gzipSync(JSON.stringify({ code: 0, message: "Validation failed", errors: { ticker: ["unknown ticker"] } })), 400);
    const failure = await createClient({ baseUrl: server.baseUrl, ...keys }).getMainBalance().catch((error) => error);
    expect(failure.message).toBe("getMainBalance: 400 Bad request (ticker: unknown ticker): Validation failed");
  });

  it("a decompression bomb ends with ResponseTooLargeError at the cap on the decoded bytes", async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, " "));
    expect(bomb.length).toBeLessThan(100 * 1024);
    const server = await coded("gzip", bomb);
    const before = process.memoryUsage().arrayBuffers;
    const failure = await createClient({ baseUrl: server.baseUrl, ...keys, maxResponseBytes: 1024 * 1024, retry: false }).getMainBalance().catch((error) => error);
    expect(failure).toBeInstanceOf(ResponseTooLargeError);
    expect(failure.maxResponseBytes).toBe(1024 * 1024);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(16 * 1024 * 1024);
  });

  it("an unknown coding is a NetworkError naming Content-Encoding, not a contract violation", async () => {
    const server = await coded("zz-unheard-of", text);
    const failure = await createClient({ baseUrl: server.baseUrl, ...keys, retry: false }).getMainBalance().catch((error) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure).not.toBeInstanceOf(ContractViolationError);
    expect(failure.message).toContain("Content-Encoding");
    expect(failure.message).toContain("zz-unheard-of");
  });

  it("a body that is not what its coding says: a NetworkError saying it could not be decoded", async () => {
    const server = await coded("gzip", text);
    const failure = await createClient({ baseUrl: server.baseUrl, ...keys, retry: false }).getMainBalance().catch((error) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure.message).toMatch(/gzip body could not be decoded/);
  });
});

describe("a 304 on the way", () => {
  it("is an HttpError with its status, not a redirect", async () => {
    const server = await startHostile((_, response) => {
      response.writeHead(304);
      response.end();
    });
    started.push(server);
    const failure = await createClient({ baseUrl: server.baseUrl, ...keys, retry: false }).getMainBalance().catch((error) => error);
    expect(failure.name).toBe("HttpError");
    expect(failure.status).toBe(304);
    expect(failure.message).toBe("getMainBalance: 304 Not Modified, which the API does not answer: a cache in between?");
  });
});
