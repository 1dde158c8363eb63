// txc-api contract-test as users run it: a real process against the sandbox, Prism, and servers
// that each break the contract in one way.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { operationIndex } from "../../generated/operations.js";
import { workflows } from "../../generated/workflows.js";
import { defects, startBrokenServer } from "../helpers/broken-servers.js";
import { startPrism } from "../helpers/prism.js";
import { cli, contractTest } from "../helpers/contract-test-cli.js";
import { startSandbox } from "../helpers/sandbox.js";

const dir = mkdtempSync(path.join(tmpdir(), "txc-contract-test-"));
// The document's facts, read from generated/: every operation, and those that change state.
const allOperations = Object.keys(operationIndex);
const stateChanging = allOperations.filter((id) => operationIndex[id as keyof typeof operationIndex].stateChanging);
afterAll(() => rmSync(dir, { recursive: true, force: true }));


describe("txc-api contract-test against the sandbox", () => {
  it("passes every check of every read-only operation, exit 0, and writes JUnit and NDJSON", async () => {
    const sandbox = await startSandbox();
    try {
      const junit = path.join(dir, "report.xml");
      const ndjson = path.join(dir, "report.ndjson");
      const basic = { TXC_API_KEY_BASIC: demoKeys.basic.key, TXC_API_SECRET_BASIC: demoKeys.basic.secret };
      const run = await contractTest(["--base-url", sandbox.baseUrl, "--junit", junit, "--json", ndjson], demoKeys.partner, basic);
      expect(run.stdout).toMatch(new RegExp(`\\n\\d+ passed, 0 failed; ${stateChanging.length} operations not selected; \\d+ requests in`));
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`coverage: ${allOperations.length - stateChanging.length} of ${allOperations.length} operations exercised`);
      expect(run.stdout).toContain(`not selected: ${stateChanging.length} operations (changes state: sent only with --include-mutations):`);
      expect(run.stdout).not.toContain(demoKeys.partner.secret);
      const lines = readFileSync(ndjson, "utf8").trim().split("\n").map((line) => JSON.parse(line));
      const checks = new Set(lines.filter((l) => !l.skipped && !l.summary).map((l) => l.check));
      expect(checks).toEqual(new Set(["positive", "negative", "error-keys", "tied-answers", "auth-headers", "auth-signature", "public", "protocol", "partner-only"]));
      expect(lines.filter((l) => l.check === "partner-only").map((l) => l.operationId).sort()).toEqual(["getInterestPaymentsHistory", "getInvestmentsHistory"]);
      expect(lines.filter((l) => !l.skipped && !l.summary).every((l) => l.passed)).toBe(true);
      expect(lines.at(-1)).toMatchObject({ summary: true, failed: 0, verdict: "pass", exitStatus: 0, skippedOperations: stateChanging });
      expect(lines.filter((l) => l.skipped && l.operationId).map((l) => l.operationId)).toEqual(stateChanging);
      const xml = readFileSync(junit, "utf8");
      expect(xml).toMatch(/<testsuites name="txc-api contract-test" tests="\d+" failures="0"/);
      expect(xml).toContain('<testsuite name="getInvestmentsHistory"');
    } finally {
      await sandbox.stop();
    }
  });

  it("sends the state-changing operations only with --include-mutations, and they pass too", async () => {
    const sandbox = await startSandbox();
    try {
      const ndjson = path.join(dir, "mutations.ndjson");
      const run = await contractTest(["--base-url", sandbox.baseUrl, "--include-mutations", "--seed", "7", "--json", ndjson]);
      expect(run.code, run.stdout).toBe(0);
      const sequences = readFileSync(ndjson, "utf8").trim().split("\n").map((line) => JSON.parse(line)).filter((l) => l.check === "sequences");
      // Every workflow of the document, each one result, all passed.
      expect(Object.fromEntries(sequences.map((l) => [l.workflowId, l.passed]))).toEqual(Object.fromEntries(workflows.map((workflow) => [workflow.workflowId, true])));
      expect(run.stdout).toContain(`coverage: ${allOperations.length} of ${allOperations.length} operations exercised`);
      expect(run.stdout).toMatch(/applyCode: positive \d+ passed/);
    } finally {
      await sandbox.stop();
    }
  });
});

describe("txc-api contract-test against Prism", () => {
  it("passes the schema checks, and fails the signature checks Prism does not do", async () => {
    const prism = await startPrism();
    try {
      const schema = await contractTest(["--base-url", prism.baseUrl, "--include-mutations", "--checks", "positive,negative,auth-headers,public"]);
      expect(schema.stdout).toMatch(/ 0 failed;/);
      expect(schema.code).toBe(0);
      const signature = await contractTest(["--base-url", prism.baseUrl, "--checks", "auth-signature"]);
      expect(signature.code).toBe(1);
      expect(signature.stdout).toMatch(/✗ getMainBalance · auth-signature · signed with a wrong secret/);
      expect(signature.stdout).toMatch(/got: {6}200 /);
    } finally {
      await prism.stop();
    }
  });
});

describe("txc-api contract-test against broken servers", () => {
  it.each(defects.map((d) => [d.name, d] as const))("catches %s: exit 1, naming the operation and the check", async (_name, defect) => {
    const server = await startBrokenServer(defect);
    try {
      const run = await contractTest(["--base-url", server.baseUrl, ...(defect.args ?? [])]);
      expect(run.code, run.stdout).toBe(1);
      expect(run.stdout).toContain(`✗ ${defect.operationId === "unknownPath" ? "(unknown path)" : defect.operationId} · ${defect.check} · `);
      if (defect.says) expect(run.stdout).toContain(defect.says);
      expect(run.stdout).toContain("reproduce (TXC_API_KEY and TXC_API_SECRET from the environment):");
      expect(run.stdout).not.toContain(demoKeys.partner.secret);
    } finally {
      await server.close();
    }
  });
});

describe("txc-api contract-test usage", () => {
  it.each([
    [[], /--base-url is required/],
    [["--base-url", "http://127.0.0.1:9", "--checks", "positive,speed"], /--checks names no check: "speed"; checks: /],
    [["--base-url", "http://127.0.0.1:9", "--operation", "getEverything"], /--operation names no operation of the document: "getEverything"/],
    [["--base-url", "http://127.0.0.1:9"], /cannot reach the server: GET http:\/\/127.0.0.1:9\/api\/v4\/public\/ping: the server refused the connection: nothing listens there at 127.0.0.1:9 \(ECONNREFUSED\)/],
  ])("exits 2 on %j", async (args, message) => {
    const run = await contractTest(args as string[]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it("explains every option and check with --help", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [cli, "contract-test", "--help"]);
    for (const text of ["--base-url", "--operation", "--checks", "--include-mutations", "--seed", "--examples-per-operation", "--junit", "--json", "--timeout", "--concurrency", "auth-signature", "Exit status"]) {
      expect(stdout).toContain(text);
    }
  });
});
