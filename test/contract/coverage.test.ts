// Coverage of the document as a gate: the tester's and the proxy's, read the same way; an
// operation answering only 404, 405 or 501 is "not implemented" once in both, and not exercised.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { operationIds } from "../../generated/operations.js";
import { startProxy } from "../../src/contract-entry.js";
import { createClient } from "../../src/index.js";
import { contractTest } from "../helpers/contract-test-cli.js";
import { startHostile } from "../helpers/hostile-server.js";
import { exampleServerPerFile } from "../helpers/linked-example.js";
import { sandboxPerFile } from "../helpers/sandbox.js";

const sandbox = sandboxPerFile(["--no-rate-limits"]);
const dir = mkdtempSync(path.join(tmpdir(), "txc-coverage-"));
const key = { key: "team-key", secret: "team-secret" };
const server = exampleServerPerFile(key);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the tester's coverage", () => {
  it("is in the NDJSON summary and the JUnit properties; operations not implemented are not exercised", async () => {
    const [json, junit] = [path.join(dir, "c.ndjson"), path.join(dir, "c.xml")];
    const run = await contractTest(["--base-url", server.baseUrl, "--include-mutations", "--no-pacing", "--examples-per-operation", "1", "--json", json, "--junit", junit], key);
    const summary = readFileSync(json, "utf8").trim().split("\n").map((line) => JSON.parse(line)).at(-1);
    // ping (answered by the kit), the balance, the code and the investments history.
    const total = operationIds.length;
    const percent = (part: number) => Math.floor((part / total) * 1000) / 10;
    expect(summary.coverage.operations).toEqual({ exercised: 4, total, percent: percent(4) });
    expect(summary.coverage.byOperation.refundDeposit.observed).toEqual([]);
    expect(summary.coverage.byOperation.getMainBalance.observed).toEqual(expect.arrayContaining(["200", "400", "401"]));
    expect(summary.coverage.byOperation.getMainBalance.checks).toContain("positive");
    expect(run.stdout).toContain(`coverage: 4 of ${total} operations exercised (${percent(4)}%), `);
    const xml = readFileSync(junit, "utf8");
    expect(xml).toContain(`<property name="coverage.run.operations.percent" value="${percent(4)}"/>`);
    expect(xml).toMatch(/<testsuite name="getMainBalance"[^>]*>\n    <properties>\n      <property name="coverage.statuses.documented" value="200, 400, 401, 403, 404, 429, 500"\/>/);
  });

  it("--min-coverage fails a run below it, naming what was not exercised, and passes one above it", async () => {
    const one = Math.floor((1 / operationIds.length) * 1000) / 10;
    const below = await contractTest(["--base-url", sandbox.baseUrl, "--operation", "getMainBalance", "--min-coverage", "operations=50"]);
    expect(below.code).toBe(1);
    expect(below.stdout).toContain(`✗ run: coverage: ${one}% of the operations exercised, below the minimum of 50% (not exercised: ${operationIds.filter((id) => id !== "getMainBalance").join(", ")})`);
    const above = await contractTest(["--base-url", sandbox.baseUrl, "--operation", "getMainBalance", "--min-coverage", `operations=${one},statuses=1`]);
    expect(above.code, above.stdout).toBe(0);
    const wrong = await contractTest(["--base-url", sandbox.baseUrl, "--min-coverage", "operations=120"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/--min-coverage "operations=120" is not operations=P or statuses=P/);
  });
});

describe("the proxy agrees", () => {
  it("an operation answered 404 to every request is one violation, when it stops, and not exercised", async () => {
    const proxy = await startProxy({ upstream: server.baseUrl, credentials: [{ apiKey: key.key, apiSecret: key.secret }] });
    const client = createClient({ baseUrl: proxy.url, apiKey: key.key, apiSecret: key.secret, retry: false });
    await client.getMainBalance();
    for (let i = 0; i < 3; i++) await client.getFundingHistory().catch(() => undefined);
    expect(proxy.violations()).toEqual([]);
    await proxy.close();
    expect(proxy.violations()).toEqual([expect.objectContaining({ operationId: "getFundingHistory", check: "implemented", status: 404, message: expect.stringMatching(/^not implemented: 404 to each of 3 requests/) })]);
    expect(proxy.coverage().operations).toEqual({ exercised: 1, total: operationIds.length, percent: Math.floor((1 / operationIds.length) * 1000) / 10 });
  });

  it("501 to every request: one violation, not one per request; an operation that answers otherwise later has its held violations reported", async () => {
    let answer = 501;
    const upstream = await startHostile((_request, response) => response.writeHead(answer, { "Content-Type": "application/json" }).end("{}"));
    const proxy = await startProxy({ upstream: upstream.baseUrl });
    try {
      const client = createClient({ baseUrl: proxy.url, apiKey: "k", apiSecret: "s", retry: false });
      for (let i = 0; i < 3; i++) await client.getMainBalance().catch(() => undefined);
      for (let i = 0; i < 2; i++) await client.getFundingHistory().catch(() => undefined);
      answer = 200;
      await client.getFundingHistory().catch(() => undefined);
      await proxy.close();
      const checks = proxy.violations().map((v) => `${v.operationId} · ${v.check}`);
      expect(checks.filter((c) => c === "getMainBalance · implemented")).toHaveLength(1);
      expect(checks.filter((c) => c.startsWith("getMainBalance ·"))).toEqual(["getMainBalance · implemented"]);
      expect(checks).not.toContain("getFundingHistory · implemented");
      expect(checks.filter((c) => c === "getFundingHistory · status").length).toBeGreaterThanOrEqual(1);
    } finally {
      await upstream.close();
    }
  });
});
