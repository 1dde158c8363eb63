// The tester with one key against the real sandbox (strict nonces, rate limits on): any
// --concurrency keeps the key's nonces in order, and a run right after another waits out the
// first run's requests in the sandbox's windows instead of blaming the server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "undici";
import { operationIds, operationIndex, pathPrefixes } from "../../generated/operations.js";
import { runContractTest } from "../../src/contract-entry.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { contractTest } from "../helpers/contract-test-cli.js";
import { startSandbox, type Sandbox } from "../helpers/sandbox.js";

/**
 * Sends unsigned requests to `url`, 16 in flight, until the first 429: the rate window of its
 * scope is then full, whatever the machine's speed. The requests sent.
 */
async function fillRateWindow(url: string): Promise<number> {
  let sent = 0;
  let full = false;
  const sender = async () => {
    while (!full) {
      const { statusCode, body } = await request(url, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
      await body.dump();
      sent++;
      if (statusCode === 429) full = true;
    }
  };
  await Promise.all(Array.from({ length: 16 }, sender));
  return sent;
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.stop();
});

describe("contract-test with one key", () => {
  it("--concurrency 8 passes the sandbox, with no warning about nonces out of order", async () => {
    const run = await contractTest(["--base-url", sandbox.baseUrl, "--concurrency", "8"]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout + run.stderr).not.toMatch(/out of order/);
  });

  it("--verbose prints one redacted line per request sent, as the client's debug log does", async () => {
    const run = await contractTest(["--base-url", sandbox.baseUrl, "--operation", "getMainBalance", "--verbose", "--json", "-"]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stderr.split("\n").filter((line) => / txc-api response /.test(line));
    const summary = JSON.parse(run.stdout.trim().split("\n").at(-1)!);
    // The start's probes are sent too, and not counted among the run's requests.
    expect(lines.length).toBeGreaterThanOrEqual(summary.requests);
    expect(lines.length).toBeLessThanOrEqual(summary.requests + 3);
    expect(lines.every((line) => /^\d{4}-\d\d-\d\dT\S+ txc-api response \S+ attempt 1 status \d{3} duration \d+ms /.test(line))).toBe(true);
    expect(run.stderr).not.toContain("sandbox-partner-secret");
  });

  it("two runs in a row, paced as by default: both pass", async () => {
    for (let run = 0; run < 2; run++) {
      const result = await contractTest(["--base-url", sandbox.baseUrl, "--concurrency", "4"]);
      expect(result.code, result.stdout + result.stderr).toBe(0);
    }
  });

  it("two runs in a row, unpaced, 200 examples per operation: both pass, whatever windows the first leaves full", async () => {
    const args = ["--base-url", sandbox.baseUrl, "--no-pacing", "--examples-per-operation", "200", "--concurrency", "4"];
    const first = await contractTest(args);
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const second = await contractTest(args);
    expect(second.code, second.stdout + second.stderr).toBe(0);
  });

  it("a run that meets a full rate window waits it out and passes: the test fills the window itself, up to its first 429", async () => {
    const scoped = operationIds.filter((id) => operationIndex[id].path.startsWith(`${pathPrefixes.api}main-account/`) && !operationIndex[id].stateChanging);
    const filledBy = await fillRateWindow(`${sandbox.baseUrl}${operationIndex.getMainBalance.path}`);
    expect(filledBy).toBeGreaterThan(1);
    const result = await runContractTest({ baseUrl: sandbox.baseUrl, apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret, operations: scoped, pacing: false, concurrency: 4 });
    expect(result.exitStatus, result.results.flatMap((r) => r.failures.map((f) => f.message)).join("\n")).toBe(0);
    expect(result.rateLimited).toBeGreaterThan(0);
  });
});
