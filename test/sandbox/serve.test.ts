// The commands around the sandbox: npm start, --data checking, the rate limits, txc-api mock.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { builtInDataset } from "../../src/sandbox/dataset.js";
import { freePort, startProcess } from "../helpers/processes.js";
import { operationIndex } from "../../generated/operations.js";
import { deref, loadDocument, root, STUCK_MS } from "../helpers/project.js";
import { partnerClient, resetSandbox, sendSigned, startSandbox } from "../helpers/sandbox.js";

const dir = mkdtempSync(path.join(tmpdir(), "txc-serve-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cli = path.join(root, "dist", "bundle", "cli.js");

describe("npm start", () => {
  it("serves the docs, the document and a signed balance call, and stops with exit 0 on SIGTERM", async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    // What `npm start` runs; PORT as a user would set it.
    const started = await startProcess(process.execPath, [path.join(root, "scripts", "start.mjs")], async () => (await fetch(`${baseUrl}/api/v4/public/ping`)).ok, {
      cwd: root,
      env: { PORT: String(port) },
    });
    try {
      const docs = await fetch(`${baseUrl}/`);
      expect(docs.status).toBe(200);
      expect(await docs.text()).toContain("Get main balance");
      expect((await (await fetch(`${baseUrl}/openapi.json`)).json()).info.version, "the served document's version against the bundled one").toBe(loadDocument().info.version);
      expect(await partnerClient({ ...started, baseUrl }).getMainBalance({ ticker: "BTC" })).toEqual({ BTC: { main_balance: "0.01532" } });
      const output = started.output();
      for (const text of [`${baseUrl}/`, `${baseUrl}/openapi.json`, "sandbox-partner", "sandbox-partner-secret", "sandbox-basic-secret", "curl -sS -X POST"]) expect(output).toContain(text);
    } finally {
      expect(await started.stop()).toBe(0);
    }
  });
});

describe("npm start in a fresh clone", () => {
  it("builds what is missing, rebuilds what a source is newer than, saying which, and nothing when up to date", async () => {
    const clone = path.join(dir, "clone");
    const cloned = spawnSync("git", ["clone", "--quiet", root, clone], { encoding: "utf8" });
    expect(cloned.stderr).toBe("");
    symlinkSync(path.join(root, "node_modules"), path.join(clone, "node_modules"));
    const start = async () => {
      const port = await freePort();
      const started = await startProcess(process.execPath, [path.join(clone, "scripts", "start.mjs"), "--port", String(port)], async () => (await fetch(`http://127.0.0.1:${port}/api/v4/public/ping`)).ok, {
        cwd: clone,
      });
      expect(await started.stop()).toBe(0);
      return started.output().split("\n").filter((line) => /^(Building|Rendering)/.test(line));
    };
    expect(await start()).toEqual([
      "Building the package (npm run build): dist/bundle/cli.js is missing...",
      "Rendering the docs (npm run docs): dist/docs/sandbox.html.gz is missing...",
    ]);
    // An edit to the README after the render (the page made a minute older, so that the clock's grain does not
    // matter): the docs page, which shows the README's sections, is rendered again, and the package is not rebuilt.
    const now = new Date();
    const before = new Date(now.getTime() - 60_000);
    utimesSync(path.join(clone, "README.md"), now, now);
    utimesSync(path.join(clone, "dist", "docs", "sandbox.html.gz"), before, before);
    expect(await start()).toEqual(["Rendering the docs (npm run docs): README.md is newer than dist/docs/sandbox.html.gz..."]);
    expect(await start()).toEqual([]);
    // npm pack after npm start reuses what it built (prepack brings the build up to date the same way).
    const packed = spawnSync("npm", ["pack", "--pack-destination", dir], { cwd: clone, encoding: "utf8" });
    expect(packed.status, packed.stderr).toBe(0);
    expect(packed.stdout + packed.stderr).toContain("The package and the docs page are up to date.");
    expect(packed.stdout + packed.stderr).not.toMatch(/Building|Rendering/);
    // The same build as npm run build: the "." entry's declarations bundled, and no unreachable declaration left.
    expect(existsSync(path.join(clone, "dist", "bundle", "index.d.ts"))).toBe(true);
    expect(existsSync(path.join(clone, "dist", "cli", "main.d.ts"))).toBe(false);
  });
});

describe("txc-api serve --data", () => {
  it("serves a valid dataset and prints no secret of its keys", async () => {
    const dataset = builtInDataset();
    dataset.accounts[0].apiKeys = [{ key: "own-key", secret: "own-secret-3f9a" }];
    const file = path.join(dir, "valid.json");
    writeFileSync(file, JSON.stringify(dataset));
    const sandbox = await startSandbox(["--data", file]);
    try {
      expect(sandbox.output()).not.toContain("own-secret-3f9a");
      const answer = await sendSigned(sandbox, "/api/v4/main-account/balance", { ticker: "ETH" }, { key: "own-key", secret: "own-secret-3f9a" });
      expect(answer).toEqual({ status: 200, body: { ETH: { main_balance: "1.2" } } });
    } finally {
      await sandbox.stop();
    }
  });

  it.each([
    ["a bad plan status", (d: any) => (d.accounts[0].investments[2].plan.status = 7), /accounts\[0\]\.investments\[2\]\.plan\.status must be one of 1, 2, 3, 4/],
    ["a number as an amount", (d: any) => (d.codes[1].amount = 5), /codes\[1\]\.amount must be string/],
    ["a repeated API key", (d: any) => d.accounts[1].apiKeys.push({ key: "sandbox-partner", secret: "x" }), /accounts\[1\]\.apiKeys\[1\]\.key "sandbox-partner" repeats accounts\[0\]\.apiKeys\[0\]\.key/],
    ["a missing field", (d: any) => delete d.accounts[0].balances, /accounts\[0\]\.balances is required/],
  ])("refuses %s with exit 2, naming the entry", (_name, spoil, message) => {
    const dataset = builtInDataset();
    spoil(dataset);
    const file = path.join(dir, "bad.json");
    writeFileSync(file, JSON.stringify(dataset));
    const result = spawnSync(process.execPath, [cli, "serve", "--port", "0", "--data", file], { encoding: "utf8", timeout: STUCK_MS });
    expect(result.status).toBe(2);
    expect(result.stderr, result.stderr).toMatch(message);
  });

  it("refuses a file that is not JSON", () => {
    const file = path.join(dir, "broken.json");
    writeFileSync(file, "{ accounts: ");
    const result = spawnSync(process.execPath, [cli, "serve", "--port", "0", "--data", file], { encoding: "utf8", timeout: STUCK_MS });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`${file}: not JSON`);
  });
});

describe("sandbox rate limits", () => {
  it("answers the 1,001st main-account request within 10 seconds with 429", async () => {
    const sandbox = await startSandbox();
    const periodMs = operationIndex.getMainBalance.rateLimits[0]!.periodSeconds * 1000;
    try {
      const client = partnerClient(sandbox);
      // The 1,001 calls must fit in the documented window for the count to mean anything: the test
      // makes that condition (a fresh window each try, the sandbox reset) instead of hoping for it.
      for (let attempt = 1; ; attempt++) {
        await resetSandbox(sandbox);
        const started = Date.now();
        // All at once. Some may arrive out of nonce order and get 401: a refused request still
        // counts against the limit, and none may get 429.
        const first = await Promise.allSettled(Array.from({ length: 1000 }, () => client.getMainBalance({ ticker: "BTC" })));
        const refused = await client.getMainBalance({ ticker: "BTC" }).catch((error) => error);
        if (Date.now() - started >= periodMs) {
          if (attempt === 3) throw new Error("three tries could not send 1,001 calls within the documented window");
          continue;
        }
        // How many arrive out of order is the scheduler's doing: every refusal must be a 401, and some must pass.
        expect(first.filter((r) => r.status === "rejected" && r.reason.status !== 401)).toEqual([]);
        expect(first.filter((r) => r.status === "fulfilled").length).toBeGreaterThan(0);
        // The 429 says when the window frees (Retry-After), and the client reads it.
        expect(refused).toMatchObject({ status: 429, body: { code: 429, errors: {} } });
        expect(refused.retryAfterMs).toBeGreaterThanOrEqual(1_000);
        expect(refused.retryAfterMs).toBeLessThanOrEqual(periodMs);
        break;
      }
      expect(await client.getMiningPayoutDestination({ accountName: "farm-east-01" })).toMatchObject({ payoutDestination: "main_balance" });
    } finally {
      await sandbox.stop();
    }
  });

  it("answers no 429 with --no-rate-limits, and says so on start", async () => {
    const sandbox = await startSandbox(["--no-rate-limits"]);
    try {
      expect(sandbox.output()).toContain("rate limits are off");
      const client = partnerClient(sandbox);
      await Promise.allSettled(Array.from({ length: 1000 }, () => client.getMainBalance({ ticker: "BTC" })));
      await expect(client.getMainBalance({ ticker: "BTC" })).resolves.toHaveProperty("BTC");
    } finally {
      await sandbox.stop();
    }
  });
});

describe("txc-api mock", () => {
  it("runs Prism on the bundled document", async () => {
    const port = await freePort();
    const mock = await startProcess(process.execPath, [cli, "mock", "--port", String(port)], async () => (await fetch(`http://127.0.0.1:${port}/api/v4/public/ping`)).ok);
    try {
      expect(await (await fetch(`http://127.0.0.1:${port}/api/v4/public/ping`)).json()).toEqual(["pong"]);
    } finally {
      await mock.stop();
    }
  });

  it("runs the help's --dynamic example: answers generated from the schemas, not the documented example", async () => {
    const help = spawnSync(process.execPath, [cli, "mock", "--help"], { encoding: "utf8" }).stdout;
    const example = help.split("\n").find((line) => line.includes("-- --dynamic"))!.trim().split(/\s+/).slice(1);
    const port = await freePort();
    example[example.indexOf("--port") + 1] = String(port);
    const mock = await startProcess(process.execPath, [cli, ...example], async () => (await fetch(`http://127.0.0.1:${port}/api/v4/public/ping`)).ok);
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/api/v4/main-account/balance`, {
        method: "POST", headers: { "content-type": "application/json", "x-txc-apikey": "k", "x-txc-payload": "p", "x-txc-signature": "s" },
        body: JSON.stringify({ request: "/api/v4/main-account/balance", nonce: "1" }),
      });
      expect(answer.status).toBe(200);
      const document = loadDocument();
      const answered = deref(document, document.paths[operationIndex.getMainBalance.path]!.post!.responses["200"]!) as { content: Record<string, { examples: Record<string, { value?: unknown; $ref?: string }> }> };
      const documented = Object.values(answered.content["application/json"]!.examples).map((example) => deref(document, example).value);
      expect(documented.length).toBeGreaterThan(0);
      expect(documented).not.toContainEqual(await answer.json());
    } finally {
      await mock.stop();
    }
  });
});
