// txc-api contract-test against servers nobody here wrote the checks for: each must get the right
// exit code, and the sandbox must still pass.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, describe, expect, it } from "vitest";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { startBrokenServer } from "../helpers/broken-servers.js";
import { startHostile } from "../helpers/hostile-server.js";
import { root } from "../helpers/project.js";
import { startSandbox } from "../helpers/sandbox.js";

const cli = path.join(root, "dist", "cli", "main.js");
const dir = mkdtempSync(path.join(tmpdir(), "txc-contract-hostile-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function contractTest(args: string[], key: { key: string; secret: string } = demoKeys.partner) {
  const env = { ...process.env, TXC_API_KEY: key.key, TXC_API_SECRET: key.secret };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [cli, "contract-test", ...args], { env, maxBuffer: 32 * 1024 * 1024, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error: any) {
    return { code: error.code as number, stdout: error.stdout as string, stderr: error.stderr as string };
  }
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
};
const isPing = (url: string | undefined) => url === "/api/v4/public/ping";
const ESC = "\u001b";

describe("contract-test fails what it should", () => {
  it("a server built from the exchange's drifting description (transactionId): exit 1, the drift named", async () => {
    const server = await startBrokenServer({
      name: "refuses every refund", operationId: "refundDeposit", check: "positive",
      answerInstead: (r) => r.path.endsWith("/refund-deposit") && r.json?.transaction_id
        ? { status: 400, contentType: "application/json", body: JSON.stringify({ code: 0, message: "Validation failed", errors: { transactionId: ["The transaction id field is required."] } }) }
        : undefined,
    });
    try {
      const run = await contractTest(["--base-url", server.baseUrl, "--include-mutations", "--operation", "refundDeposit"]);
      expect(run.code, run.stdout).toBe(1);
      expect(run.stdout).toContain("the server asks for transactionId; the document has transaction_id");
      expect(run.stdout).toContain("refundDeposit never answered 2xx in this run");
    } finally {
      await server.close();
    }
  });

  it("a server that refuses every valid request with 400 keyed by real fields: exit 1", async () => {
    const server = await startBrokenServer({
      name: "refuses everything", operationId: "getMainBalance", check: "positive",
      answerInstead: (r) => r.path.endsWith("/balance")
        ? { status: 400, contentType: "application/json", body: JSON.stringify({ code: 0, message: "Validation failed", errors: { ticker: ["no"] } }) }
        : undefined,
    });
    try {
      const run = await contractTest(["--base-url", server.baseUrl, "--operation", "getMainBalance"]);
      expect(run.code, run.stdout).toBe(1);
      expect(run.stdout).toMatch(/✗ getMainBalance · positive · documented example .*\n.*\n.*\n  - a valid request was refused with 400/);
      expect(run.stdout).toContain("getMainBalance never answered 2xx in this run");
    } finally {
      await server.close();
    }
  });

  it("a server that accepts the connection and closes it: exit 2 with a message, every run", async () => {
    const server = await startHostile((request, response) => (isPing(request.url) ? json(response, 200, ["pong"]) : request.socket.destroy()));
    try {
      for (let i = 0; i < 3; i++) {
        const run = await contractTest(["--base-url", server.baseUrl]);
        expect(run.code).toBe(2);
        expect(run.stderr).toMatch(/the server stopped answering, so the run is incomplete/);
      }
    } finally {
      await server.close();
    }
  });

  it("a server that never answers: exit 2 after --timeout", async () => {
    const server = await startHostile((request, response) => (isPing(request.url) ? json(response, 200, ["pong"]) : undefined));
    try {
      const run = await contractTest(["--base-url", server.baseUrl, "--timeout", "300"]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("no whole answer within 300 ms");
    } finally {
      await server.close();
    }
  });

  it("a server that redirects to another origin: exit 1, and nothing reaches the other origin", async () => {
    const other = await startHostile((_, response) => json(response, 200, {}), "127.0.0.2");
    const server = await startHostile((request, response) => {
      if (isPing(request.url)) return json(response, 200, ["pong"]);
      response.writeHead(307, { Location: `${other.baseUrl}${request.url}` });
      response.end();
    });
    try {
      const run = await contractTest(["--base-url", server.baseUrl, "--operation", "getMainBalance"]);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(`redirecting to ${other.baseUrl}; redirects are never followed`);
      expect(other.received).toEqual([]);
    } finally {
      await Promise.all([server.close(), other.close()]);
    }
  });

  it("a server that answers 429 to everything: exit 1, no 429 counted as a pass", async () => {
    const server = await startHostile((request, response) =>
      isPing(request.url) ? json(response, 200, ["pong"]) : json(response, 429, { code: 429, message: "Too many requests", errors: {} }));
    try {
      const ndjson = path.join(dir, "flood.ndjson");
      const run = await contractTest(["--base-url", server.baseUrl, "--operation", "getMainBalance", "--max-wait", "1", "--json", ndjson]);
      expect(run.code).toBe(1);
      const results = readFileSync(ndjson, "utf8").trim().split("\n").map((line) => JSON.parse(line)).filter((r) => r.check);
      const passedWith429 = results.filter((r) => r.status === 429 && r.passed && r.check !== "auth-headers" && r.check !== "auth-signature");
      expect(passedWith429).toEqual([]);
      expect(run.stdout).toMatch(/answers were 429 and were waited out/);
    } finally {
      await server.close();
    }
  });

  it("a server that prints control bytes: the terminal and JUnit get them escaped, and JUnit parses with consistent totals", async () => {
    const evil = `${ESC}]0;owned\u0007${ESC}[2K\r227 passed, 0 failed\u0000`;
    const server = await startBrokenServer({
      name: "control bytes", operationId: "getMainBalance", check: "positive",
      answerInstead: (r) => r.path.endsWith("/balance")
        ? { status: 400, contentType: "application/json", body: JSON.stringify({ code: 0, message: evil, errors: { [evil]: [evil] } }) }
        : undefined,
    });
    try {
      const junit = path.join(dir, "evil.xml");
      const run = await contractTest(["--base-url", server.baseUrl, "--junit", junit]);
      expect(run.code).toBe(1);
      expect(run.stdout + run.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
      expect(run.stdout).not.toMatch(/^227 passed, 0 failed/m);
      const xml = readFileSync(junit, "utf8");
      expect(XMLValidator.validate(xml)).toBe(true);
      const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml).testsuites;
      const suites = [parsed.testsuite].flat();
      const sum = (key: string) => suites.reduce((total: number, suite: any) => total + Number(suite[key]), 0);
      expect(Number(parsed.tests)).toBe(sum("tests"));
      expect(Number(parsed.failures)).toBe(sum("failures"));
      expect(Number(parsed.skipped)).toBe(sum("skipped"));
      const cases = suites.flatMap((suite: any) => [suite.testcase].flat());
      expect(cases.every((c: any) => /^\d+\.\d{3}$/.test(c.time))).toBe(true);
    } finally {
      await server.close();
    }
  });

  it("an ordinary key where partner-only operations are tested: exit 1, said in plain words", async () => {
    const sandbox = await startSandbox();
    try {
      const run = await contractTest(["--base-url", sandbox.baseUrl, "--operation", "getInvestmentsHistory"], demoKeys.basic);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain("refused 403 on a business-partner-only operation: test with a business-partner key");
    } finally {
      await sandbox.stop();
    }
  });
});

describe("contract-test reports and base URLs", () => {
  it("passes the sandbox behind a path prefix, writing NDJSON to stdout with --json -", async () => {
    const sandbox = await startSandbox();
    const gateway = await startHostile(async (request, response) => {
      if (!request.url?.startsWith("/gateway/")) return json(response, 404, {});
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([n]) => n.startsWith("x-txc-") || n === "content-type")) as Record<string, string>;
      const answer = await fetch(sandbox.baseUrl + request.url.slice("/gateway".length), {
        method: request.method, headers, body: request.method === "GET" ? undefined : Buffer.concat(chunks),
      });
      response.writeHead(answer.status, { "Content-Type": answer.headers.get("content-type") ?? "" });
      response.end(await answer.text());
    });
    try {
      const run = await contractTest(["--base-url", `${gateway.baseUrl}/gateway/`, "--operation", "getMainBalance", "--json", "-"]);
      expect(run.code, run.stderr).toBe(0);
      const lines = run.stdout.trim().split("\n").map((line) => JSON.parse(line));
      expect(lines.length).toBeGreaterThan(10);
      expect(lines.every((line) => line.passed)).toBe(true);
      expect(run.stderr).toMatch(/ 0 failed; /);
    } finally {
      await gateway.close();
      await sandbox.stop();
    }
  });

  it.each([
    [["--junit", "/nonexistent-dir/report.xml"], /cannot write the report file \/nonexistent-dir\/report.xml: ENOENT/],
    [[], /does not look like this API: GET \/api\/v4\/public\/ping answered 404/],
  ])("exits 2 before the run on %j", async (extra, message) => {
    const server = await startHostile((request, response) => json(response, isPing(request.url) && extra.length ? 200 : 404, isPing(request.url) && extra.length ? ["pong"] : {}));
    try {
      const run = await contractTest(["--base-url", server.baseUrl, ...extra]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).not.toContain("    at ");
    } finally {
      await server.close();
    }
  });
});
