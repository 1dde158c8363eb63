// The sandbox process against hostile input: odd request targets, bodies too large, cross-site
// resets, and a nonce that would lock a key.
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { signRequest } from "../../src/index.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { partnerClient, sandboxPerFile } from "../helpers/sandbox.js";

const sandbox = sandboxPerFile();

const port = () => Number(new URL(sandbox.baseUrl).port);

/** Sends a raw request line, so that the target reaches the server exactly as written. */
function rawStatus(method: string, target: string, headers: Record<string, string> = {}, body = ""): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port: port(), method, path: target, headers, setHost: true }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", reject);
    request.end(body);
  });
}

const reset = (headers: Record<string, string>) => rawStatus("POST", "/sandbox/reset", headers, "{}");

describe("request targets", () => {
  it.each(["//[", "//%zz/", "//a:99999/", "//other/api/v4/public/ping", "/x/../api/v4/public/ping", "/api/v4/public/./ping"])(
    "answers %s with 404, never 5xx, and never routes it",
    async (target) => {
      expect(await rawStatus("GET", target)).toBe(404);
    },
  );

  it("does not reset through a normalised target", async () => {
    expect(await rawStatus("POST", "//x/sandbox/reset", { "Content-Type": "application/json" }, "{}")).toBe(404);
  });
});

describe("/sandbox/reset", () => {
  it("refuses a cross-site simple POST and a foreign Origin, and takes a same-origin JSON POST", async () => {
    expect(await reset({ "Content-Type": "text/plain" })).toBe(403);
    expect(await reset({ "Content-Type": "application/x-www-form-urlencoded" })).toBe(403);
    expect(await reset({ "Content-Type": "application/json", Origin: "http://evil.example" })).toBe(403);
    expect(await reset({ "Content-Type": "application/json", Origin: sandbox.baseUrl })).toBe(200);
  });

  it("restores the last nonces: a 30-digit nonce no longer locks the key after a reset", async () => {
    const { key, secret } = demoKeys.partner;
    const path = "/api/v4/main-account/balance";
    const huge = signRequest({ path, body: {}, apiKey: key, apiSecret: secret, nonce: "9".repeat(30) });
    expect((await fetch(sandbox.baseUrl + path, { method: "POST", headers: huge.headers, body: huge.body })).status).toBe(200);
    await expect(partnerClient(sandbox).getMainBalance()).rejects.toMatchObject({ status: 401 });
    expect(await reset({ "Content-Type": "application/json" })).toBe(200);
    await expect(partnerClient(sandbox).getMainBalance()).resolves.toBeTypeOf("object");
  });
});

describe("bodies too large", () => {
  it("answers 413 to a 10 GB Content-Length and closes the connection instead of reading on", async () => {
    const socket = connect(port(), "127.0.0.1");
    let answer = "";
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("error", () => {});
    socket.write(`POST /api/v4/main-account/balance HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10000000000\r\n\r\n`);
    const chunk = Buffer.alloc(64 * 1024, "x");
    // Like a real client, it stops sending once the answer is there; the server must close anyway.
    const pump = setInterval(() => {
      if (!socket.destroyed && socket.writable && answer === "") socket.write(chunk);
    });
    await closed;
    clearInterval(pump);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    // Sending 10 GB would outlast the test's timeout, so the close above is the server's: it stopped
    // reading. How much the client got to send first (often nothing: the 413 can come before the
    // first chunk) is the scheduler's doing, so it is not bounded.
  });
});
