// The start of a run proves the target speaks this API and the key can do what the run needs:
// otherwise one line and exit 2, before any check (a newcomer's usual mistakes).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { operationIndex } from "../../generated/operations.js";
import { contractTest } from "../helpers/contract-test-cli.js";
import { freePort, startProcess, type Started } from "../helpers/processes.js";
import { startSandbox, type Sandbox } from "../helpers/sandbox.js";

describe("a target that is not this API", () => {
  let files: Started;
  let baseUrl = "";
  const folder = mkdtempSync(path.join(tmpdir(), "txc-static-"));
  beforeAll(async () => {
    writeFileSync(path.join(folder, "index.html"), "<html><body>a static site</body></html>");
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    files = await startProcess("python3", ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", folder], async () => (await fetch(baseUrl)).ok);
  });
  afterAll(async () => {
    await files?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it("a static file server (python3 -m http.server): exit 2, one line naming what was tried, then the summary line alone", async () => {
    const run = await contractTest(["--base-url", baseUrl]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/^txc-api: could not test: nothing answered like this API: GET \/api\/v4\/public\/ping 404 text\/html; POST \/api\/v4\/main-account\/smart\/investments 501 text\/html;/);
    expect(run.stderr).toContain("Check --base-url");
    // The ping, then each read-only signed operation once: every try of the start.
    const tries = 1 + Object.values(operationIndex).filter((op) => op.signed && !op.stateChanging).length;
    const notSelected = Object.values(operationIndex).filter((op) => op.stateChanging).length;
    expect(run.stdout).toMatch(new RegExp(`^0 passed, 0 failed; ${notSelected} operations not selected; could not test; ${tries} requests in \\d+\\.\\d s\\n$`));
  });

  it("the same with --operation getMainBalance (no ping to ask)", async () => {
    const run = await contractTest(["--base-url", baseUrl, "--operation", "getMainBalance"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("txc-api: could not test: nothing answered like this API: GET /api/v4/public/ping 404 text/html; POST /api/v4/main-account/balance 501 text/html. Check --base-url.\n");
  });
});

describe("a key that is not a business partner's", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  it("in a whole run, which needs one: exit 2 and one line naming what needs it and what to do", async () => {
    const run = await contractTest(["--base-url", sandbox.baseUrl], demoKeys.basic);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("TXC_API_KEY is not a business-partner key (403 to POST /api/v4/main-account/smart/");
    expect(run.stderr).toContain("getInvestmentsHistory and getInterestPaymentsHistory need one; use a partner key, or test the others alone (--operation ping --operation getMainBalance");
    expect(run.stderr).not.toMatch(/operationIndex|leave out/);
  });

  it("a sequence run a second time says the server's reason and how to reset the sandbox, in the text and the NDJSON", async () => {
    const args = ["--base-url", sandbox.baseUrl, "--operation", "refundDeposit", "--include-mutations", "--checks", "sequences"];
    expect((await contractTest(args)).code).toBe(0);
    const again = await contractTest([...args, "--json", "-"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("This deposit has already been refunded.");
    expect(again.stderr).toContain("POST /sandbox/reset restores them");
    const failed = again.stdout.trim().split("\n").map((line) => JSON.parse(line)).find((line) => line.check === "sequences" && !line.passed);
    expect(JSON.stringify(failed)).toContain("This deposit has already been refunded.");
  });

  it("https:// on a plain http port: the client's one clear line, no OpenSSL text", async () => {
    const run = await contractTest(["--base-url", sandbox.baseUrl.replace("http://", "https://")]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("TLS: the server did not answer in TLS (is it http, not https, on that port?)");
    expect(run.stderr).not.toMatch(/ssl3_get_record|SSL routines|error:[0-9A-F]{8}/);
  });

  it("the report's header names only the checks that run, and its summary lines fit 100 columns", async () => {
    const run = await contractTest(["--base-url", sandbox.baseUrl]);
    expect(run.code).toBe(0);
    const header = run.stdout.slice(0, run.stdout.indexOf(")") + 1);
    expect(header).toMatch(/^Contract-testing http:\/\/127\.0\.0\.1:\d+ \(checks: positive, negative, error-keys, tied-answers,\s+auth-headers, auth-signature, public, protocol\)$/);
    expect(header).not.toMatch(/sequences|partner-only/);
    expect(run.stdout).toContain("not selected: 4 checks: partner-only (needs an ordinary account's key in TXC_API_KEY_BASIC and\n  TXC_API_SECRET_BASIC)");
    const summaryLines = run.stdout.split("\n").filter((line) => /^(\(unknown path\)|ping|get\w+|  \w[\w-]* \d+ passed)/.test(line));
    expect(summaryLines.length).toBeGreaterThan(5);
    expect(summaryLines.filter((line) => line.length > 100)).toEqual([]);
    expect(run.stdout).toContain("(unknown path): public 1 passed");
  });

  it("one partner-only operation selected: it \"needs one\", and the others are named to test alone", async () => {
    const run = await contractTest(["--base-url", sandbox.baseUrl, "--operation", "getInvestmentsHistory", "--operation", "getMainBalance"], demoKeys.basic);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(": getInvestmentsHistory needs one; use a partner key, or test the others alone (--operation getMainBalance)\n");
  });

  it("in a run without the partner-only operations: it runs", async () => {
    const run = await contractTest(["--base-url", sandbox.baseUrl, "--operation", "getMainBalance"], demoKeys.basic);
    expect(run.code, run.stderr).toBe(0);
  });
});
