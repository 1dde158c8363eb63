// A server team runs the tester at every step of building their server: an operation it lacks
// fails alone, the reports are written whatever ends the run, and what was not selected shows.
// The servers are real processes written without this package (fixtures/half-built-server.mjs).
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import { CHECK_NAMES, DEFAULT_CHECKS } from "../../src/contract/checks/registry.js";
import { contractTests, ContractTestStoppedError, runContractTest } from "../../src/contract-entry.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { cli, contractTest } from "../helpers/contract-test-cli.js";
import { startHostile } from "../helpers/hostile-server.js";
import { halfBuiltLacksReadOnly, startHalfBuiltServer } from "../helpers/half-built-server.js";
import type { Started } from "../helpers/processes.js";
import { root, STUCK_MS } from "../helpers/project.js";

type OperationId = keyof typeof operationIndex;
const operations = Object.keys(operationIndex) as OperationId[];
const stateChanging = operations.filter((id) => operationIndex[id].stateChanging);
/** What the half-built server lacks of the read-only operations (it has the balance, and the mining payout destination with a mistake). */
const readOnlyLacking = halfBuiltLacksReadOnly;

const dir = mkdtempSync(path.join(tmpdir(), "txc-being-built-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));


const ndjsonOf = (file: string) => readFileSync(file, "utf8").trim().split("\n").map((line) => JSON.parse(line));

/** The JUnit file, checked well-formed by an XML parser, as its test cases. */
function junitOf(file: string) {
  const xml = readFileSync(file, "utf8");
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", isArray: (name) => name === "testsuite" || name === "testcase" }).parse(xml);
  const cases = parsed.testsuites.testsuite.flatMap((suite: any) => suite.testcase);
  return { totals: parsed.testsuites, cases: cases as { classname: string; name: string; failure?: unknown; error?: { message: string }; skipped?: { message: string; "#text": string } }[] };
}

describe("a server with two operations and no ping", () => {
  let server: Started & { baseUrl: string };
  beforeAll(async () => {
    server = await startHalfBuiltServer({ MINING_MISTAKE: "1" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("the CLI tests what it has: each missing operation one failure, the balance passes, the mistake fails, exit 1", async () => {
    const junit = path.join(dir, "built.xml");
    const ndjson = path.join(dir, "built.ndjson");
    const run = await contractTest(["--base-url", server.baseUrl, "--junit", junit, "--json", ndjson]);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout + run.stderr).not.toMatch(/Check --base-url|does not look like/);
    expect(run.stdout.replace(/\n  /g, " ")).toContain(`not implemented (404 to every request): ${["ping", ...readOnlyLacking].join(", ")}\n`);
    expect(run.stdout).toMatch(/\npassed: getMainBalance\n/);
    expect(run.stdout).toMatch(/\nfailed: getMiningPayoutDestination\n/);
    expect(run.stdout).toContain(`not selected: ${stateChanging.length} operations (changes state: sent only with --include-mutations)`);
    expect(run.stdout.trimEnd().split("\n").at(-1)).toMatch(new RegExp(`^\\d+ passed, \\d+ failed \\(\\d+ distinct failures\\); ${readOnlyLacking.length + 1} not implemented; ${stateChanging.length} operations not selected; \\d+ requests in \\d+\\.\\d s$`));

    const lines = ndjsonOf(ndjson);
    for (const operationId of ["ping", ...readOnlyLacking]) {
      const ofOperation = lines.filter((line) => line.operationId === operationId);
      expect(ofOperation, operationId).toHaveLength(1);
      expect(ofOperation[0]).toMatchObject({ check: "implemented", passed: false, name: "not implemented (404 to every request)", status: 404 });
    }
    expect(lines.filter((line) => line.operationId === "getMainBalance").every((line) => line.passed)).toBe(true);
    expect(lines.some((line) => line.operationId === "getMiningPayoutDestination" && line.check === "positive" && !line.passed)).toBe(true);
    expect(lines.at(-1)).toMatchObject({ summary: true, exitStatus: 1, notImplemented: ["ping", ...readOnlyLacking], outcomes: { getMainBalance: "passed", getMiningPayoutDestination: "failed", ping: "not implemented" } });

    const { totals, cases } = junitOf(junit);
    for (const operationId of readOnlyLacking) {
      const ofOperation = cases.filter((c) => c.classname.startsWith(`${operationId}.`));
      expect(ofOperation).toHaveLength(1);
      expect(ofOperation[0]).toMatchObject({ classname: `${operationId}.implemented`, name: "not implemented (404 to every request)" });
      expect(ofOperation[0]!.failure).toBeDefined();
    }
    const skipped = cases.filter((c) => c.skipped);
    expect(skipped.map((c) => c.classname)).toEqual([...stateChanging, "checks.partner-only", "checks.sequences", "checks.races", "checks.rate-limits"]);
    expect(skipped.every((c) => c.skipped!.message === "not selected")).toBe(true);
    expect(Number(totals.skipped)).toBe(skipped.length);
    expect(Number(totals.errors)).toBe(0);
  });

  it("a filtered run lists what it left out, in the text and as JUnit skipped cases", async () => {
    const junit = path.join(dir, "filtered.xml");
    const run = await contractTest(["--base-url", server.baseUrl, "--operation", "getMainBalance", "--checks", "positive,negative", "--junit", junit]);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain(`not selected: ${operations.length - 1} operations (not among the operations selected):`);
    const leftOutChecks = CHECK_NAMES.filter((check) => check !== "positive" && check !== "negative");
    expect(run.stdout).toContain(`not selected: ${leftOutChecks.length} checks: ${leftOutChecks[0]} (not among the checks selected)`);
    expect(run.stdout).toContain(`coverage: 1 of ${operations.length} operations exercised`);
    const { totals, cases } = junitOf(junit);
    expect(Number(totals.skipped)).toBe(operations.length - 1 + leftOutChecks.length);
    expect(cases.filter((c) => c.skipped).map((c) => c.classname)).toEqual([...operations.filter((id) => id !== "getMainBalance"), ...leftOutChecks.map((check) => `checks.${check}`)]);
  });

  it("the library says the same: notImplemented, outcomes and notSelected, with a plain string[] of operations", async () => {
    const selected: string[] = ["getMainBalance", "getFundingHistory"];
    const result = await runContractTest({ baseUrl: server.baseUrl, apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret, operations: selected, examplesPerOperation: 2 });
    expect(result.exitStatus).toBe(1);
    expect(result.notImplemented).toEqual(["getFundingHistory"]);
    expect(result.results.filter((r) => r.operationId === "getFundingHistory")).toEqual([expect.objectContaining({ check: "implemented", passed: false })]);
    expect(result.outcomes.filter((o) => selected.includes(o.operationId))).toEqual([
      { operationId: "getMainBalance", outcome: "passed" },
      { operationId: "getFundingHistory", outcome: "not implemented" },
    ]);
    expect(result.notSelected.operations.map((o) => o.operationId)).toEqual(operations.filter((id) => !selected.includes(id)));
    expect(result.skipped).toBe(operations.length - selected.length);
  });

  it("contractTests with a runner that cannot skip (no context, as jest): each test of the missing operation fails with the same line", async () => {
    const tests = contractTests({ baseUrl: server.baseUrl, apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret, operations: ["getMainBalance", "getFundingHistory"], examplesPerOperation: 1 });
    const outcomes = await Promise.all(tests.map((test) => test.run().then(() => `${test.name}: passed`, (error: Error) => `${test.name}: ${error.message.split("\n")[0]}`)));
    const ofMissing = outcomes.filter((line) => line.startsWith("getFundingHistory · "));
    expect(ofMissing.length).toBeGreaterThan(2);
    expect(ofMissing.every((line) => line.endsWith(": getFundingHistory: not implemented (404 to every request)"))).toBe(true);
    expect(outcomes.filter((line) => line.startsWith("getMainBalance · ")).every((line) => line.endsWith(": passed"))).toBe(true);
  });

  it.each([
    ["node:test", [process.execPath, "--test", "--test-reporter=tap", path.join(root, "test/contract/fixtures/runner-node-test.mjs")]],
    ["vitest", [process.execPath, path.join(root, "node_modules/vitest/vitest.mjs"), "run", "--config", path.join(root, "test/contract/fixtures/vitest.runner.config.mjs"), "--reporter=tap-flat"]],
  ])("contractTests under %s: a missing operation fails its first test, its other tests are skipped", async (_runner, [command, ...args]) => {
    const env = { ...process.env, TXC_BASE_URL: server.baseUrl, OPERATIONS: JSON.stringify(["getMainBalance", "getFundingHistory"]), TXC_API_KEY: demoKeys.partner.key, TXC_API_SECRET: demoKeys.partner.secret, NO_COLOR: "1" };
    const output = await promisify(execFile)(command!, args, { env, cwd: root, timeout: STUCK_MS }).then((r) => r.stdout, (error) => `${error.stdout}${error.stderr}`);
    const results = output.split("\n").filter((l) => /^\s*(not )?ok \d+ /.test(l));
    const line = (name: string) => results.find((l) => l.includes(name)) ?? `(no result for ${name} in:\n${output})`;
    expect(line("getFundingHistory · positive")).toMatch(/^\s*not ok/);
    expect(output).toContain("getFundingHistory: not implemented (404 to every request)");
    const others = results.filter((l) => /getFundingHistory · (?!positive)/.test(l));
    expect(others.length).toBeGreaterThan(2);
    expect(others.every((l) => /^\s*ok .*# SKIP/i.test(l))).toBe(true);
    expect(line("getMainBalance · positive")).toMatch(/^\s*ok/);
    expect(output).not.toMatch(/--base-url/);
  });
});

describe("a run that ends early still writes its reports", () => {
  it("the server dies mid-run: exit 2, JUnit with an <error> naming the cause, NDJSON with an error record, the summary line last", async () => {
    const server = await startHalfBuiltServer({ PING: "1", EXIT_AFTER: "30" });
    try {
      const junit = path.join(dir, "died.xml");
      const ndjson = path.join(dir, "died.ndjson");
      const run = await contractTest(["--base-url", server.baseUrl, "--junit", junit, "--json", ndjson]);
      expect(run.code).toBe(2);
      // The request in flight when it exits meets a reset, those after it a refused connection: either ends the run.
      expect(run.stderr).toMatch(/^txc-api: the server stopped answering, so the run is incomplete: POST .*: the server (refused|closed) the connection/);
      expect(run.stdout.trimEnd().split("\n").at(-1)).toMatch(/^\d+ passed, \d+ failed.*; stopped early; \d+ requests in \d+\.\d s$/);
      const { cases, totals } = junitOf(junit);
      expect(Number(totals.errors)).toBe(1);
      expect(cases.find((c) => c.error)!.error!.message).toMatch(/^the server stopped answering/);
      expect(cases.some((c) => c.classname === "ping.public")).toBe(true);
      const lines = ndjsonOf(ndjson);
      expect(lines.find((line) => line.error)).toMatchObject({ run: true, stoppedEarly: true, problem: expect.stringMatching(/^the server stopped answering/) });
      expect(lines.at(-1)).toMatchObject({ summary: true, exitStatus: 2, verdict: "fail" });
    } finally {
      await server.stop();
    }
  });

  it("SIGTERM mid-run: the requests in flight are dropped, the reports written, the summary printed, exit 1", async () => {
    const server = await startHalfBuiltServer({ PING: "1", SLOW_MS: "60000", SLOW_AFTER: "1" });
    const junit = path.join(dir, "terminated.xml");
    const ndjson = path.join(dir, "terminated.ndjson");
    try {
      const env = { ...process.env, TXC_API_KEY: demoKeys.partner.key, TXC_API_SECRET: demoKeys.partner.secret, NO_COLOR: "1" };
      const child = spawn(process.execPath, [cli, "contract-test", "--base-url", server.baseUrl, "--timeout", "120000", "--junit", junit, "--json", ndjson], { env });
      let stdout = "";
      let stderr = "";
      child.stderr.on("data", (chunk) => (stderr += chunk));
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      // The first progress line means the start is done and the slow private checks are under way.
      await new Promise<void>((resolve) => child.stdout.on("data", (chunk) => {
        stdout += chunk;
        if (stdout.includes("  ping ")) resolve();
      }));
      child.kill("SIGTERM");
      expect(await exited, stderr).toBe(1);
      expect(stdout.trimEnd().split("\n").at(-1)).toMatch(/; stopped early; \d+ requests in \d+\.\d s$/);
      expect(stdout).toContain("✗ run: stopped by SIGTERM:");
      const { cases } = junitOf(junit);
      expect(cases.find((c) => c.error)!.error!.message).toMatch(/^stopped by SIGTERM: \d+ of \d+ planned checks did not run$/);
      expect(ndjsonOf(ndjson).at(-1)).toMatchObject({ summary: true, exitStatus: 1, stoppedEarly: expect.stringMatching(/^stopped by SIGTERM/) });
    } finally {
      await server.stop();
    }
  });

  it("the start's refusal: JUnit and NDJSON complete, each with the cause; two lines of output in all", async () => {
    const notThisApi = await startHostile((_, response) => {
      response.writeHead(404, { "Content-Type": "text/html" });
      response.end("<html>not here</html>");
    });
    try {
      const junit = path.join(dir, "refused.xml");
      const ndjson = path.join(dir, "refused.ndjson");
      const run = await contractTest(["--base-url", notThisApi.baseUrl, "--junit", junit, "--json", ndjson]);
      expect(run.code).toBe(2);
      expect([...run.stderr.trim().split("\n"), ...run.stdout.trim().split("\n")]).toHaveLength(2);
      const { cases } = junitOf(junit);
      expect(cases.find((c) => c.error)!.error!.message).toMatch(/^could not test: nothing answered like this API: GET \/api\/v4\/public\/ping 404 text\/html;/);
      expect(ndjsonOf(ndjson).at(-1)).toMatchObject({ summary: true, exitStatus: 2, passed: 0, failed: 0 });
    } finally {
      await notThisApi.close();
    }
  });

  it("the library rejects with ContractTestStoppedError naming baseUrl (not a CLI flag), its partial result attached", async () => {
    const notThisApi = await startHostile((_, response) => {
      response.writeHead(404, { "Content-Type": "application/json" });
      response.end('{"message":"Not found"}');
    });
    try {
      const failure = await runContractTest({ baseUrl: notThisApi.baseUrl, apiKey: "k", apiSecret: "s", checks: [...DEFAULT_CHECKS] }).catch((error) => error);
      expect(failure).toBeInstanceOf(ContractTestStoppedError);
      expect(failure.message).toContain("Check baseUrl; if the server has only state-changing operations so far, set includeMutations: true.");
      expect(failure.message).not.toContain("--");
      expect(failure.result).toMatchObject({ passed: 0, failed: 0, exitStatus: 1 });
    } finally {
      await notThisApi.close();
    }
  });
});

describe("a ping that answers and private answers that are not JSON", () => {
  it("exit 1: each operation fails its checks with the answer shown; nothing blames the base URL", async () => {
    const server = await startHalfBuiltServer({ PING: "1", NOT_JSON: "1" });
    try {
      const run = await contractTest(["--base-url", server.baseUrl, "--operation", "getMainBalance", "--operation", "getMiningPayoutDestination", "--checks", "positive"]);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/✗ getMainBalance · positive · .*\n  expected: 200 conforming to its schema\n  got:      200 application\/json OK/);
      expect(run.stdout).toContain("  - the body is not JSON");
      expect(run.stdout).toMatch(/\nfailed: getMainBalance, getMiningPayoutDestination\n/);
      expect(run.stdout + run.stderr).not.toMatch(/base-url|does not look like/);
    } finally {
      await server.stop();
    }
  });
});
