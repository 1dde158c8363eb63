// txc-api proxy: the contract checked on live traffic. The sandbox as the upstream (clean traffic
// from the client and from ccxt: no violation), planted request and answer defects (each caught
// by its check), transparency (the same bytes through the proxy as direct), and the command line.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import ccxt from "ccxt";
import { XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProxy, type Proxy } from "../../src/contract-entry.js";
import { createClient, signRequest } from "../../src/index.js";
import { startSandbox, type Sandbox } from "../../src/sandbox-entry.js";
import { builtInDataset } from "../../src/sandbox/dataset.js";
import { cli, proxyCommand } from "../helpers/contract-test-cli.js";
import { endlessBody, startHostile } from "../helpers/hostile-server.js";
import { freePort } from "../helpers/processes.js";
import { operationPath, requestExample, responseExample } from "../helpers/examples.js";

const dir = mkdtempSync(path.join(tmpdir(), "txc-proxy-"));
const BALANCE = "/api/v4/main-account/balance";
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimits: false });
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A proxy before the sandbox for one test, with the partner's credentials for the signature check. */
async function proxied(upstream = sandbox.url): Promise<Proxy> {
  return startProxy({ upstream, credentials: [sandbox.keys.partner] });
}
let nonce = Date.now() * 1000;
const signed = (body: object, { path: at = BALANCE, secret = sandbox.keys.partner.apiSecret, key = sandbox.keys.partner.apiKey, n = ++nonce } = {}) =>
  signRequest({ path: at, body, apiKey: key, apiSecret: secret, nonce: n });
const post = (proxy: Proxy, at: string, request: { body: string; headers: Record<string, string> }) =>
  fetch(`${proxy.url}${at}`, { method: "POST", body: request.body, headers: request.headers });
const checksSeen = (proxy: Proxy) => proxy.violations().map((v) => `${v.operationId} · ${v.check}`);

describe("clean traffic", () => {
  it("the client's calls to seven operations: every answer passed through, no violation, the signature verified", async () => {
    const proxy = await proxied();
    try {
      const client = createClient({ baseUrl: proxy.url, ...sandbox.keys.partner });
      await client.ping();
      await client.getMainBalance();
      await client.getMainBalance({ ticker: "BTC" });
      await client.getInvestmentsHistory({ limit: 2 });
      await client.getInterestPaymentsHistory({ offset: 1, limit: 1 });
      await client.getFundingHistory();
      await client.getMiningPayoutDestination({ accountName: "farm-01" }).catch(() => undefined);
      expect(proxy.violations()).toEqual([]);
      expect(proxy.exchanges()).toBe(7);
      const ran = proxy.ran().map((r) => `${r.operationId} · ${r.check}`);
      expect(ran).toContain("getMainBalance · signature");
      expect(ran).toContain("getMainBalance · tied-answers");
      expect(ran).toContain("getInvestmentsHistory · nonce-order");
    } finally {
      await proxy.close();
    }
  });

  it("ccxt's whitebit class (its own signing, nonceWindow added to every body): no violation", async () => {
    const proxy = await proxied();
    try {
      const exchange = new ccxt.whitebit({ apiKey: sandbox.keys.partner.apiKey, secret: sandbox.keys.partner.apiSecret, enableRateLimit: false });
      (exchange.urls as { api: unknown }).api = { v4: { public: `${proxy.url}/api/v4/public`, private: `${proxy.url}/api/v4` } };
      await (exchange as any).v4PrivatePostMainAccountBalance({ ticker: "BTC" });
      await new Promise((resolve) => setTimeout(resolve, 2)); // ccxt's nonce is the millisecond clock
      await (exchange as any).v4PublicGetPing();
      expect(proxy.violations()).toEqual([]);
      expect(proxy.exchanges()).toBe(2);
    } finally {
      await proxy.close();
    }
  });

  it("is transparent: status, content type and body bytes as the upstream sent them", async () => {
    const proxy = await proxied();
    try {
      for (const at of ["/api/v4/public/ping", "/openapi.json", "/api/v4/no-such-thing"]) {
        const [direct, through] = await Promise.all([fetch(`${sandbox.url}${at}`), fetch(`${proxy.url}${at}`)]);
        expect(through.status).toBe(direct.status);
        expect(through.headers.get("content-type")).toBe(direct.headers.get("content-type"));
        expect(Buffer.from(await through.arrayBuffer()).equals(Buffer.from(await direct.arrayBuffer()))).toBe(true);
      }
      expect(checksSeen(proxy)).toEqual(["null · documented-operation", "null · documented-operation"]);
    } finally {
      await proxy.close();
    }
  });
});

describe("planted request defects, each caught by its check", () => {
  it.each([
    ["unsigned", () => ({ body: JSON.stringify({ request: BALANCE, nonce: String(++nonce) }), headers: { "content-type": "application/json" } }), "signing-headers"],
    ["a payload that is not the body", () => ({ ...signed({}), body: JSON.stringify({ request: BALANCE, nonce: String(++nonce), ticker: "BTC" }) }), "signing-headers"],
    ["request not the path called", () => signed({}, { path: "/api/v4/main-account/elsewhere" }), "request-path"],
    ["a misspelt field", () => signed({ tikcer: "BTC" }), "request-body"],
    ["a wrong secret", () => signed({}, { secret: "not-the-secret" }), "signature"],
  ])("%s: %s", async (_name, make, check) => {
    const proxy = await proxied();
    try {
      await post(proxy, BALANCE, make());
      expect(checksSeen(proxy)).toContain(`getMainBalance · ${check}`);
      expect(JSON.stringify(proxy.violations())).not.toContain(sandbox.keys.partner.apiSecret);
    } finally {
      await proxy.close();
    }
  });

  it("a nonce that is a string of other characters: no violation (the description asks a string, unique; it orders none)", async () => {
    const upstream = await startHostile((_, response) => response.writeHead(200, { "Content-Type": "application/json" }).end("{}"));
    const proxy = await startProxy({ upstream: upstream.baseUrl });
    try {
      const body = JSON.stringify({ request: BALANCE, nonce: "a1b2-c3" });
      const payload = Buffer.from(body).toString("base64");
      await (await fetch(`${proxy.url}${BALANCE}`, { method: "POST", body, headers: { "content-type": "application/json", "x-txc-apikey": "k", "x-txc-payload": payload, "x-txc-signature": "00" } })).arrayBuffer();
      expect(proxy.violations().filter((v) => v.check === "nonce-order")).toEqual([]);
    } finally {
      await proxy.close();
      await upstream.close();
    }
  });

  it("a nonce going back: nonce-order", async () => {
    const proxy = await proxied();
    try {
      // The shared counter moves past the nonce sent ahead, so that later tests' nonces still rise.
      await post(proxy, BALANCE, signed({}, { n: (nonce += 1_000) }));
      await post(proxy, BALANCE, signed({}, { n: nonce - 990 }));
      expect(checksSeen(proxy)).toEqual(["getMainBalance · nonce-order"]);
    } finally {
      await proxy.close();
    }
  });
});

describe("planted answer defects, each caught by its check", () => {
  const answering = (status: number, contentType: string, body: string) => (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(status, { "Content-Type": contentType });
    response.end(body);
  };
  it.each([
    ["a decimal as a number", BALANCE, { ticker: "BTC" }, answering(200, "application/json", '{"BTC":{"main_balance":1.5}}'), "answer"],
    ["a ticker not asked for", BALANCE, { ticker: "BTC" }, answering(200, "application/json", '{"ETH":{"main_balance":"1"}}'), "tied-answers"],
    ["status 418", BALANCE, {}, answering(418, "application/json", "{}"), "status"],
    ["records missing", "/api/v4/main-account/smart/investments", {}, answering(200, "application/json", '{"offset":0,"limit":100}'), "answer"],
    ["HTML on a 200", BALANCE, {}, answering(200, "text/html", "<html>ok</html>"), "answer"],
  ])("%s", async (_name, at, body, handler, check) => {
    const upstream = await startHostile(handler);
    const proxy = await proxied(upstream.baseUrl);
    try {
      const answer = await post(proxy, at, signed(body, { path: at }));
      await answer.arrayBuffer();
      expect(proxy.violations().map((v) => v.check)).toContain(check);
    } finally {
      await proxy.close();
      await upstream.close();
    }
  });

  it("an upstream that floods (an endless body) or closes without answering: a JSON 502 each, reported, and the proxy stays up", async () => {
    let requests = 0;
    const upstream = await startHostile((request, response, write) => {
      requests++;
      if (request.url === "/api/v4/public/ping") return endlessBody(response, write);
      request.socket.destroy();
    });
    const proxy = await proxied(upstream.baseUrl);
    try {
      const flooded = await fetch(`${proxy.url}/api/v4/public/ping`);
      expect(flooded.status).toBe(502);
      expect((await flooded.json()).message).toMatch(/larger than 8388608 bytes/);
      const closed = await post(proxy, BALANCE, signed({}));
      expect(closed.status).toBe(502);
      await closed.arrayBuffer();
      expect(proxy.violations().filter((v) => v.check === "upstream").map((v) => v.status)).toEqual([502, 502]);
      expect(requests).toBe(2); // nothing retried
      // Still up: the next exchange is proxied and answered.
      const again = await post(proxy, BALANCE, signed({}));
      expect(again.status).toBe(502);
      expect(proxy.exchanges()).toBe(3);
    } finally {
      await proxy.close();
      await upstream.close();
    }
  });

  it("an upstream that refuses connections: a JSON 502 saying so, reported", async () => {
    const proxy = await proxied(`http://127.0.0.1:${await freePort()}`);
    try {
      const answer = await fetch(`${proxy.url}/api/v4/public/ping`);
      expect(answer.status).toBe(502);
      expect((await answer.json()).message).toMatch(/^txc-api proxy: no answer from the upstream http:\/\/127\.0\.0\.1:\d+: .*refused/);
      expect(proxy.violations()).toMatchObject([{ check: "upstream", status: 502 }]);
    } finally {
      await proxy.close();
    }
  });
});

describe("once-only values: a second success by any key", () => {
  const REFUND = operationPath("refundDeposit");
  const APPLY = operationPath("applyCode");
  /** A planted server that pays every request: a refund answered with its id, a code with the document's example. */
  const payingEveryTime = () =>
    startHostile((request, response) => {
      let text = "";
      request.on("data", (chunk) => (text += chunk));
      request.on("end", () => {
        const body = JSON.parse(text) as Record<string, unknown>;
        response.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
        response.end(JSON.stringify(request.url === REFUND ? { id: body.transaction_id } : responseExample("applyCode")));
      });
    });
  const onceOnly = (proxy: Proxy) => proxy.violations().filter((v) => v.check === "once-only");
  const sendAll = async (proxy: Proxy, at: string, bodies: object[]) => {
    for (const body of bodies) await (await post(proxy, at, signed(body, { path: at }))).arrayBuffer();
  };

  it("a deposit refunded three times where the team declared refundDeposit once per transaction_id: two violations; undeclared, none (the document is silent)", async () => {
    const upstream = await payingEveryTime();
    const refund = requestExample("refundDeposit")!;
    const other = { ...refund, transaction_id: "0b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b35" };
    const declared = await startProxy({ upstream: upstream.baseUrl, credentials: [sandbox.keys.partner], oncePer: { refundDeposit: ["transaction_id"] } });
    const open = await startProxy({ upstream: upstream.baseUrl, credentials: [sandbox.keys.partner] });
    try {
      for (const proxy of [declared, open]) await sendAll(proxy, REFUND, [refund, other, refund, refund]);
      const found = onceOnly(declared);
      expect(found).toHaveLength(2);
      expect(found[0]).toMatchObject({ operationId: "refundDeposit", method: "POST", path: REFUND, status: 200 });
      expect(found[0]!.message).toBe(`a second success: transaction_id ${refund.transaction_id} was answered 200 by an earlier exchange; the declared rule (once per transaction_id) says it succeeds once`);
      expect(declared.ran()).toContainEqual({ operationId: "refundDeposit", check: "once-only", exchanges: 4, violations: 2 });
      expect(onceOnly(open)).toEqual([]);
      expect(open.ran().some((entry) => entry.check === "once-only")).toBe(false);
    } finally {
      await Promise.all([declared.close(), open.close()]);
      await upstream.close();
    }
  });

  it("a code paid twice, the second time to another key: the document's x-once-per, with no declaration; the sandbox, which refuses it, none", async () => {
    const upstream = await payingEveryTime();
    const planted = await proxied(upstream.baseUrl);
    const honest = await proxied();
    // A code of the sandbox's dataset that takes no passphrase: the honest upstream pays it once.
    const code = { code: builtInDataset().codes.find((entry) => entry.passphrase === undefined)!.code };
    try {
      await post(planted, APPLY, signed(code, { path: APPLY })).then((answer) => answer.arrayBuffer());
      await post(planted, APPLY, signed(code, { path: APPLY, key: sandbox.keys.basic.apiKey, secret: sandbox.keys.basic.apiSecret })).then((answer) => answer.arrayBuffer());
      expect(onceOnly(planted).map((v) => v.message)).toEqual([expect.stringMatching(/^a second success: code .+ was answered 200 by an earlier exchange; the document \(x-once-per: code\) says it succeeds once$/)]);
      const statuses: number[] = [];
      for (const _ of [1, 2]) statuses.push((await post(honest, APPLY, signed(code, { path: APPLY }))).status);
      expect(statuses).toEqual([200, 400]);
      expect(honest.ran()).toContainEqual(expect.objectContaining({ operationId: "applyCode", check: "once-only", violations: 0 }));
      expect(onceOnly(honest)).toEqual([]);
    } finally {
      await Promise.all([planted.close(), honest.close()]);
      await upstream.close();
    }
  });

  it("the command's --once-per: the double refund on its line, counted in the summary", async () => {
    const upstream = await payingEveryTime();
    try {
      const refund = requestExample("refundDeposit")!;
      const env = { ...process.env, NO_COLOR: "1", TXC_API_KEY: sandbox.keys.partner.apiKey, TXC_API_SECRET: sandbox.keys.partner.apiSecret };
      const { code, stdout } = await proxyCommand(["--upstream", upstream.baseUrl, "--once-per", "refundDeposit=transaction_id"], env, async (url) => {
        for (const _ of [1, 2]) await (await fetch(`${url}${REFUND}`, { method: "POST", ...signed(refund, { path: REFUND }) })).arrayBuffer();
      });
      expect(code).toBe(1);
      expect(stdout).toMatch(/^✗ refundDeposit · once-only · POST \/api\/v4\/main-account\/refund-deposit 200: a second success: transaction_id /m);
      expect(stdout.trimEnd().split("\n").at(-1)).toBe("2 exchanges, 1 violation: once-only 1");
    } finally {
      await upstream.close();
    }
  });

  it("a declaration naming no field of the operation: a setup error naming the operation's fields", async () => {
    await expect(startProxy({ upstream: sandbox.url, oncePer: { refundDeposit: ["transactionId"] } })).rejects.toThrow(
      'oncePer gives refundDeposit "transactionId", which is no field of its request body (its fields: transaction_id, address)',
    );
  });
});

describe("txc-api proxy, the command", () => {
  it("prints its URL, one line per violation, and on SIGTERM writes NDJSON and JUnit, prints a summary and exits 1", async () => {
    const json = path.join(dir, "proxy.ndjson");
    const junit = path.join(dir, "proxy.xml");
    const { code, stdout } = await proxyCommand(["--upstream", sandbox.url, "--json", json, "--junit", junit], { ...process.env, NO_COLOR: "1" }, async (url) => {
      await (await fetch(`${url}/api/v4/public/ping`)).arrayBuffer();
      await (await fetch(`${url}${BALANCE}`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } })).arrayBuffer();
    });
    expect(code).toBe(1);
    expect(stdout).toMatch(/✗ getMainBalance · signing-headers · POST \/api\/v4\/main-account\/balance 401: missing X-TXC-APIKEY, X-TXC-PAYLOAD, X-TXC-SIGNATURE\n/);
    expect(stdout.trimEnd().split("\n").at(-1)).toMatch(/^2 exchanges, \d+ violations: signing-headers 1/);
    const lines = readFileSync(json, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ operationId: "getMainBalance", check: "signing-headers", method: "POST", path: BALANCE, status: 401 });
    expect(lines.at(-1)).toMatchObject({ summary: true, exchanges: 2 });
    const xml = readFileSync(junit, "utf8");
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('classname="getMainBalance.signing-headers"');
    expect(xml).toContain('classname="ping.status" name="ping · status"></testcase>');
  });

  it.each([
    [["--upstream", "ftp://127.0.0.1"], /^txc-api: --upstream must be an http:\/\/ or https:\/\/ URL/],
    [["--port", "x"], /^txc-api: --upstream is required/],
    [["--upstream", "http://127.0.0.1:9", "--once-per", "refundDeposit=transactionId"], /^txc-api: --once-per gives refundDeposit "transactionId", which is no field of its request body \(its fields: transaction_id, address\)$/m],
  ])("a setup error %j: exit 2, one line", async (args, message) => {
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [cli, "proxy", ...args]);
      let stderr = "";
      child.stderr.on("data", (chunk) => (stderr += chunk));
      child.once("exit", (code) => resolve({ code, stderr }));
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("a port taken: exit 2, naming the port", async () => {
    const holder = await startProxy({ upstream: sandbox.url });
    try {
      const port = new URL(holder.url).port;
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [cli, "proxy", "--upstream", sandbox.url, "--port", port]);
        let stderr = "";
        child.stderr.on("data", (chunk) => (stderr += chunk));
        child.once("exit", (code) => resolve({ code, stderr }));
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`port ${port} is taken`);
    } finally {
      await holder.close();
    }
  });
});
