// The sandbox process against hostile input and shutdown: prototype-named currencies, numbers out
// of range, disguised service addresses, repeated JSON keys, chunked bodies too large, looping
// docs readers, and a SIGTERM in the middle of a burst.
import { spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { timeNonce } from "../../src/index.js";
import { builtInDataset, demoKeys } from "../../src/sandbox/dataset.js";
import { resetSandbox, sendSigned, startSandbox, type Sandbox } from "../helpers/sandbox.js";
import { root, STUCK_MS } from "../helpers/project.js";

const cli = path.join(root, "dist", "bundle", "cli.js");
let dir: string;
let sandbox: Sandbox;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "txc-hostile-"));
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const refund = "/api/v4/main-account/refund-deposit";

/** Headers that sign a body exactly as written, repeated keys and all, with the partner's key. */
function signedHeaders(body: string): Record<string, string> {
  const payload = Buffer.from(body).toString("base64");
  const signature = createHmac("sha512", demoKeys.partner.secret).update(payload).digest("hex");
  return { "Content-Type": "application/json", "X-TXC-APIKEY": demoKeys.partner.key, "X-TXC-PAYLOAD": payload, "X-TXC-SIGNATURE": signature };
}
const cancelled = "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34";

describe("currencies named like Object's own properties (--data)", () => {
  it("credits a code of toString, and lists __proto__ and constructor as plain currencies", async () => {
    const dataset = builtInDataset();
    dataset.currencies.push("toString", "__proto__", "constructor", "hasOwnProperty");
    dataset.codes.push({ code: "PROTO-1", ticker: "toString", amount: "3" });
    // JSON text, not an object literal: `__proto__` in a literal would set the prototype.
    const balances = JSON.stringify(dataset.accounts[0].balances).replace(/^\{/, '{"__proto__":"7","constructor":"0",');
    const text = JSON.stringify(dataset).replace(JSON.stringify(dataset.accounts[0].balances), balances);
    const file = path.join(dir, "proto.json");
    writeFileSync(file, text);
    const own = await startSandbox(["--data", file]);
    try {
      const applied = await sendSigned(own, "/api/v4/main-account/codes/apply", { code: "PROTO-1" });
      expect(applied).toMatchObject({ status: 200, body: { ticker: "toString", amount: "3" } });
      const listing = await sendSigned(own, "/api/v4/main-account/balance", {});
      expect(listing.status).toBe(200);
      expect(listing.body.toString).toEqual({ main_balance: "3" });
      expect(Object.getOwnPropertyDescriptor(listing.body, "__proto__")?.value).toEqual({ main_balance: "7" });
      expect(Object.hasOwn(listing.body, "constructor")).toBe(false);
      for (const ticker of ["constructor", "hasOwnProperty"]) {
        expect(await sendSigned(own, "/api/v4/main-account/balance", { ticker })).toEqual({ status: 200, body: { [ticker]: { main_balance: "0" } } });
      }
    } finally {
      await own.stop();
    }
  });
});

describe("dataset files", () => {
  const serve = (file: string) => spawnSync(process.execPath, [cli, "serve", "--port", "0", "--data", file], { encoding: "utf8", timeout: STUCK_MS });

  it("refuses a number beyond the range of a double, naming where it is", () => {
    const dataset = builtInDataset();
    const text = JSON.stringify(dataset).replace(`"created":${dataset.accounts[0].investments[0].created}`, '"created":1e309');
    const file = path.join(dir, "huge.json");
    writeFileSync(file, text);
    const result = serve(file);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("accounts[0].investments[0].created is a number beyond the range of a double");
  });

  it("says a file is not JSON without quoting any of it", () => {
    const file = path.join(dir, "broken.json");
    writeFileSync(file, '{"accounts": [ {"apiKeys": [{"secret": s3cr3t-value-xyz');
    const result = serve(file);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("not JSON");
    expect(result.stderr).not.toMatch(/s3cr3t|apiKeys|value-xyz/);
  });
});

describe("refunds to the service's own addresses", () => {
  beforeEach(() => resetSandbox(sandbox));

  it.each([
    ["a trailing space", "TServiceHotWa11etAddre55000000001 "],
    ["a newline", "TServiceHotWa11etAddre55000000001\n"],
    ["a zero-width space", "TServiceHot\u200bWa11etAddre55000000001"],
    ["a byte-order mark", "\ufeffTServiceHotWa11etAddre55000000001"],
    ["the upper-case bech32 form", "BC1QXY2KGDYGJRSQTZQ2N0YRF2493P83KKFJHX0WLH"],
  ])("refuses one disguised by %s with 400 keyed address", async (_name, address) => {
    const answer = await sendSigned(sandbox, refund, { transaction_id: cancelled, address });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toHaveProperty("address");
  });

  it("refuses an empty address, or one of blanks only, with 400 keyed address", async () => {
    for (const address of ["", " \u200b\t"]) {
      const answer = await sendSigned(sandbox, refund, { transaction_id: cancelled, address });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toHaveProperty("address");
    }
  });

  it("keeps the case of a base58 address: another address in other letters is refunded", async () => {
    const answer = await sendSigned(sandbox, refund, { transaction_id: cancelled, address: "TSERVICEHOTWA11ETADDRE55000000001" });
    expect(answer).toEqual({ status: 200, body: { id: cancelled } });
  });
});

describe("repeated JSON keys", () => {
  it("refuses a body that names a field twice with 400 keyed by it, and the nonce stays unused", async () => {
    const balance = "/api/v4/main-account/balance";
    const body = `{"request":"${balance}","nonce":"${timeNonce(demoKeys.partner.key)}","ticker":"DOGE","ticker":"BTC"}`;
    const answer = await fetch(sandbox.baseUrl + balance, { method: "POST", headers: signedHeaders(body), body });
    expect(answer.status).toBe(400);
    expect((await answer.json()).errors).toHaveProperty("ticker");
    const single = body.replace(',"ticker":"DOGE"', "");
    const again = await fetch(sandbox.baseUrl + balance, { method: "POST", headers: signedHeaders(single), body: single });
    expect(again.status).toBe(200);
  });
});

describe("chunked bodies too large", () => {
  it("answers 413 to an endless chunked body and closes the connection", async () => {
    const socket = connect(Number(new URL(sandbox.baseUrl).port), "127.0.0.1");
    let answer = "";
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("error", () => {});
    socket.write("POST /api/v4/main-account/balance HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n");
    const chunk = `4000\r\n${"x".repeat(0x4000)}\r\n`;
    let sent = 0;
    const pump = setInterval(() => {
      if (!socket.destroyed && socket.writable && answer === "") {
        socket.write(chunk);
        sent += 0x4000;
      }
    });
    await closed;
    clearInterval(pump);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    // The body never ends, so the close above is the server's: it stopped reading. How much the
    // client got to send before the answer arrived is the scheduler's doing, so it is not bounded.
    expect(sent).toBeGreaterThan(0);
  });
});

describe("the docs and the document", () => {
  it("are answered with an ETag, and 304 to a client that holds them", async () => {
    for (const target of ["/", "/openapi.json"]) {
      const first = await fetch(sandbox.baseUrl + target);
      expect(first.status).toBe(200);
      await first.arrayBuffer();
      const etag = first.headers.get("etag");
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await fetch(sandbox.baseUrl + target, { headers: { "If-None-Match": etag! } });
      expect(again.status).toBe(304);
      const stale = await fetch(sandbox.baseUrl + target, { headers: { "If-None-Match": '"other"' } });
      expect(stale.status).toBe(200);
      await stale.arrayBuffer();
    }
  });
});

/** Whether the port refuses a new connection (its server stopped listening) within `ms`, polled every 20 ms. */
async function refusesConnectionsWithin(port: number, ms: number): Promise<boolean> {
  const refused = () => new Promise<boolean>((resolve) => {
    const probe = connect({ host: "127.0.0.1", port });
    probe.once("connect", () => (probe.destroy(), resolve(false)));
    probe.once("error", () => resolve(true));
  });
  for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (await refused()) return true;
  }
  return refused();
}

describe("shutdown", () => {
  it("answers every request already received when SIGTERM comes in a burst, with Connection: close, then exits 0", async () => {
    const own = await startSandbox();
    const port = Number(new URL(own.baseUrl).port);
    const path = "/api/v4/collateral-account/funding-history";
    // Funding history takes a body without a nonce, so 300 copies of one signed body are all valid.
    const body = "{}";
    // "Expect: 100-continue": the server's "100 Continue" tells that it has received the request.
    const headers = { ...signedHeaders(body), "Content-Length": "2", Expect: "100-continue" };
    // Keep-alive connections, one a request: the server, not the client, must close them.
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 300 });
    // Each request sends its headers and half of its body, so the server is busy with all 300.
    const requests = Array.from({ length: 300 }, () => {
      const sent = httpRequest({ host: "127.0.0.1", port, method: "POST", path, headers, agent: keepAlive });
      const received = new Promise<void>((resolve) => sent.once("continue", resolve));
      const answered = new Promise<{ status: number; connection?: string }>((resolve, reject) => {
        sent.on("response", (response) => {
          response.resume();
          response.on("end", () => resolve({ status: response.statusCode!, connection: response.headers.connection }));
        });
        sent.on("error", reject);
      });
      sent.write(body.slice(0, 1));
      return { sent, received, answered };
    });
    await Promise.all(requests.map((r) => r.received));
    own.process.kill("SIGTERM");
    // The shutdown has begun once the port refuses new connections: only then are the bodies ended.
    expect(await refusesConnectionsWithin(port, 5_000)).toBe(true);
    for (const { sent } of requests) sent.end(body.slice(1));
    const statuses = await Promise.allSettled(requests.map((r) => r.answered));
    expect(statuses.filter((s) => s.status === "rejected")).toEqual([]);
    const answers = statuses.map((s) => (s as PromiseFulfilledResult<{ status: number; connection?: string }>).value);
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    // Every answer, to requests already under way when the signal came included, closes its connection.
    expect(new Set(answers.map((a) => a.connection))).toEqual(new Set(["close"]));
    const exit = own.process.exitCode ?? (await new Promise((resolve) => own.process.once("exit", resolve)));
    keepAlive.destroy();
    expect(exit).toBe(0);
    // It exits once the last answer is out, not at the 5 s bound, and cuts nothing.
    expect(own.output()).toContain("Sandbox stopped.");
    expect(own.output()).not.toContain("were cut");
  });
});

describe("txc-api sign", () => {
  const sign = (...args: string[]) =>
    spawnSync(process.execPath, [cli, "sign", "--path", "/api/v4/main-account/balance", ...args], {
      encoding: "utf8",
      env: { ...process.env, TXC_API_KEY: "k", TXC_API_SECRET: "s" },
    });

  it("refuses a nonce that is not digits", () => {
    const result = sign("--nonce", "not-a-number");
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--nonce must be digits");
  });

  it("refuses a base URL with credentials without repeating them", () => {
    const result = sign("--format", "curl", "--base-url", "http://user:hunter2@127.0.0.1:8080");
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--base-url must not hold credentials");
    expect(result.stderr + result.stdout).not.toContain("hunter2");
  });
});

