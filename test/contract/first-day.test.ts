// contract-test as a server team meets it on its first day: a deployment without a ping, a
// rotated secret, two runs in a row, several keys, rate limits, a report a person can read.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { UNKNOWN_PATH } from "../../src/contract/case.js";
import { startBrokenServer } from "../helpers/broken-servers.js";
import { contractTest } from "../helpers/contract-test-cli.js";
import { startHostile } from "../helpers/hostile-server.js";
import { startSandbox } from "../helpers/sandbox.js";

const dir = mkdtempSync(path.join(tmpdir(), "txc-first-day-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { "Content-Type": "application/json", ...headers });
  response.end(JSON.stringify(body));
};

describe("the start proves the target and the credentials", () => {
  it("a wrong secret ends the run at once: exit 2, one line, no check blamed on the server", async () => {
    const seen: string[] = [];
    const server = await startBrokenServer({ name: "records", operationId: "", check: "", changeAnswer: (r, a) => (seen.push(r.path), a) });
    try {
      const run = await contractTest(["--base-url", server.baseUrl], { key: demoKeys.partner.key, secret: "rotated-away" });
      expect(run.code).toBe(2);
      const lines = run.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^txc-api: the server refused the credentials of TXC_API_KEY \(401 to POST \/api\/v4\/main-account\/\S+: .*\): check the key and its secret; nothing was tested$/);
      expect(run.stdout).not.toContain("✗");
      expect(run.stdout + run.stderr).not.toContain("rotated-away");
      // The ping and the one signed call of the start, nothing after.
      expect(seen).toEqual(["/api/v4/public/ping", "/api/v4/main-account/smart/investments"]);
    } finally {
      await server.close();
    }
  });

  it("a wrong ordinary-account secret (TXC_API_SECRET_BASIC) is named as such", async () => {
    const sandbox = await startSandbox();
    try {
      const run = await contractTest(["--base-url", sandbox.baseUrl, "--operation", "getMainBalance"], demoKeys.partner, { TXC_API_KEY_BASIC: demoKeys.basic.key, TXC_API_SECRET_BASIC: "wrong" });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("the server refused the credentials of TXC_API_KEY_BASIC (401");
    } finally {
      await sandbox.stop();
    }
  });

  it("a server without a ping (a private-API deployment) is tested when public is not selected; when it is, the ping fails alone, not implemented", async () => {
    const server = await startBrokenServer({
      name: "no ping", operationId: "", check: "",
      answerInstead: (r) => (r.path === "/api/v4/public/ping" ? { status: 404, contentType: "application/json", body: JSON.stringify({ success: false, message: "Not found", params: [] }) } : undefined),
    });
    try {
      const privateOnly = await contractTest(["--base-url", server.baseUrl, "--checks", "positive,negative,tied-answers,auth-headers,auth-signature"]);
      expect(privateOnly.code, privateOnly.stdout + privateOnly.stderr).toBe(0);
      const withPublic = await contractTest(["--base-url", server.baseUrl, "--operation", "ping", "--operation", "getMainBalance"]);
      expect(withPublic.code).toBe(1);
      expect(withPublic.stdout).toContain("note: GET /api/v4/public/ping answered 404: this server has no ping yet");
      expect(withPublic.stdout).toMatch(/\nnot implemented \(404 to every request\): ping\n/);
      expect(withPublic.stdout).not.toMatch(/✗ ping/);
      expect(withPublic.stdout).toMatch(/\npassed: getMainBalance\n/);
    } finally {
      await server.close();
    }
  });

  it("a first server, no ping and the balance answering a number for a decimal string: tested, not refused; the field and the rule named", async () => {
    const server = await startHostile((request, response) => {
      if (request.url === "/api/v4/main-account/balance") return json(response, 200, { BTC: { main_balance: 0.5 } });
      json(response, 404, { code: 404, message: "Not found", errors: {} });
    });
    try {
      const run = await contractTest(["--base-url", server.baseUrl]);
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).not.toMatch(/could not test|Check --base-url/);
      expect(run.stdout).toMatch(/\nfailed: getMainBalance\n/);
      expect(run.stdout).toContain("body BTC.main_balance must be string (type)");
    } finally {
      await server.close();
    }
  });

  it("a server answering {\"status\":\"ok\"} to everything: exit 2, nothing answered like this API, each try named", async () => {
    const server = await startHostile((request, response) => json(response, 200, { status: "ok" }));
    try {
      const run = await contractTest(["--base-url", server.baseUrl]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`could not test: nothing answered like this API: GET /api/v4/public/ping 200 {"status":"ok"} (not ["pong"]); POST /api/v4/main-account/smart/investments 200 (not the document's shape); POST ${UNKNOWN_PATH} 200 (an undocumented path answers too).`);
      expect(run.stderr).toContain("Check --base-url");
    } finally {
      await server.close();
    }
  });
});

describe("nonces", () => {
  it("two runs with the same key, one right after the other, both pass; no run ends with a nonce ahead of the clock", async () => {
    let highest = 0;
    const server = await startBrokenServer({
      name: "records nonces", operationId: "", check: "",
      changeAnswer: (r, a) => ((highest = Math.max(highest, Number(r.json?.nonce ?? 0))), a),
    }, { rateLimits: false });
    try {
      const args = ["--base-url", server.baseUrl, "--no-pacing", "--examples-per-operation", "300", "--operation", "getMainBalance", "--operation", "getFundingHistory"];
      for (let i = 0; i < 2; i++) {
        const run = await contractTest(args);
        expect(run.code, run.stdout).toBe(0);
        expect(Date.now()).toBeGreaterThan(highest);
      }
    } finally {
      await server.close();
    }
  });

  it("--keys: one key per worker keeps each key's nonces in order at --concurrency 2", async () => {
    const sandbox = await startSandbox(["--no-rate-limits"]);
    const keys = path.join(dir, "keys.json");
    writeFileSync(keys, JSON.stringify([demoKeys.partner, demoKeys.basic].map(({ key, secret }) => ({ apiKey: key, apiSecret: secret }))));
    try {
      const run = await contractTest(["--base-url", sandbox.baseUrl, "--keys", keys, "--concurrency", "2", "--no-pacing", "--examples-per-operation", "200", "--operation", "getMainBalance"], { key: "", secret: "" });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).not.toContain("may see some out of order");
      expect(run.stdout + run.stderr).not.toContain(demoKeys.basic.secret);
    } finally {
      await sandbox.stop();
    }
  });

  it.each([
    ["not JSON", "{", /--keys .* is not JSON/],
    ["an entry without a secret", JSON.stringify([{ apiKey: "k" }]), /entry 1 needs a non-empty apiKey and apiSecret/],
  ])("--keys with %s: exit 2", async (_name, text, message) => {
    const file = path.join(dir, `keys-${_name.replaceAll(" ", "-")}.json`);
    writeFileSync(file, text);
    const run = await contractTest(["--base-url", "http://127.0.0.1:9", "--keys", file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });
});

describe("rate-limits (opt-in)", () => {
  it("passes a server that enforces the documented limit, fails one that does not", async () => {
    const enforcing = await startSandbox();
    const lax = await startSandbox(["--no-rate-limits"]);
    try {
      const args = ["--checks", "rate-limits", "--operation", "getMainBalance"];
      // One after the other: the check needs a burst of the documented limit within its period, and
      // two bursts side by side halved each one's share of a busy machine (run beside a second
      // suite, the enforcing server's burst once took 11.9 s of the 10 s period).
      const pass = await contractTest(["--base-url", enforcing.baseUrl, ...args]);
      const fail = await contractTest(["--base-url", lax.baseUrl, ...args]);
      expect(pass.code, pass.stdout).toBe(0);
      expect(pass.stdout).toMatch(/\noperation +rate-limits\ngetMainBalance +1 passed\n/);
      expect(fail.code).toBe(1);
      expect(fail.stdout).toContain("✗ getMainBalance · rate-limits · 1000 requests per 10 s (/api/v4/main-account/*)");
      expect(fail.stdout).toContain("status 200: the request was accepted");
    } finally {
      await enforcing.stop();
      await lax.stop();
    }
  });
});

describe("the report", () => {
  it("groups identical failures, shows what the server said (its message, sl-violations), and fits the table to 100 columns", async () => {
    const server = await startHostile((request, response) => {
      if (request.url === "/api/v4/public/ping") return json(response, 200, ["pong"]);
      json(response, 400, { code: 0, message: "Refused by the gateway", errors: {} }, { "sl-violations": '[{"location":["request","body"],"severity":"Error","message":"no"}]' });
    });
    try {
      const run = await contractTest(["--base-url", server.baseUrl, "--operation", "getMainBalance", "--checks", "positive"]);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/✗ getMainBalance · positive · .* \(and \d+ more failing the same way\)/);
      expect(run.stdout).toContain('  server:   message "Refused by the gateway"; sl-violations: [{"location":["request","body"],"severity":"Error","message":"no"}]');
      expect(run.stdout).toMatch(/\n\d+ passed, \d+ failed \(\d+ distinct failures?\); \d+ operations not selected; \d+ requests in/);
      const table = run.stdout.slice(run.stdout.indexOf("\noperation"));
      expect(table.split("\n")[1]).toMatch(/^operation +positive$/);
      expect(table.split("\n")[2]).toMatch(/^getMainBalance +\d+\/\d+ failed$/);
    } finally {
      await server.close();
    }
  });
});
