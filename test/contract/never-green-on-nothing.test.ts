// A green run means the selected contract was exercised: what was asked for and not reached fails
// the run, saying why and what to do, in the text, NDJSON, JUnit and contractTests; --allow-partial
// passes it and says so. Against the sandbox (a real process) and the node:http example server
// (six operations not implemented).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { afterAll, describe, expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import { workflows } from "../../generated/workflows.js";
import { contractTests, runContractTest } from "../../src/contract-entry.js";
import { builtInDataset, demoKeys } from "../../src/sandbox/dataset.js";
import { contractTest } from "../helpers/contract-test-cli.js";
import { exampleServerPerFile } from "../helpers/linked-example.js";
import { sandboxPerFile } from "../helpers/sandbox.js";

const sandbox = sandboxPerFile(["--no-rate-limits"]);
const dir = mkdtempSync(path.join(tmpdir(), "txc-green-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("what was asked for and not exercised fails the run", () => {
  it("an operation that changes state, named without --include-mutations: exit 1, in the text, NDJSON and JUnit", async () => {
    const [json, junit] = [path.join(dir, "apply.ndjson"), path.join(dir, "apply.xml")];
    const run = await contractTest(["--base-url", sandbox.baseUrl, "--operation", "applyCode", "--json", json, "--junit", junit]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("✗ run: applyCode: not exercised: it changes state; add --include-mutations");
    expect(run.stdout).toContain("✗ run: no operation of the document was exercised: it changes state; add --include-mutations");
    const lines = readFileSync(json, "utf8").trim().split("\n").map((line) => JSON.parse(line));
    expect(lines).toContainEqual({ run: true, passed: false, problem: "applyCode: not exercised: it changes state; add --include-mutations" });
    expect(lines.at(-1)).toMatchObject({ summary: true, verdict: "fail", exitStatus: 1 });
    expect(readFileSync(junit, "utf8")).toMatch(/<testcase classname="run" name="applyCode: not exercised: it changes state; add --include-mutations" time="0.000"><failure /);
  });

  it("with --allow-partial the same run passes, and its summary line says so", async () => {
    const run = await contractTest(["--base-url", sandbox.baseUrl, "--operation", "applyCode", "--allow-partial"]);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain("allowed by --allow-partial: applyCode: not exercised: it changes state; add --include-mutations");
    expect(run.stdout.trimEnd().split("\n").at(-1)).toMatch(/; partial run allowed \(--allow-partial\): 2 things not exercised; /);
  });

  it.each([
    [["--checks", "partner-only"], "partner-only: ran nowhere: needs an ordinary account's key in TXC_API_KEY_BASIC and TXC_API_SECRET_BASIC"],
    [["--operation", "getMainBalance", "--checks", "positive,error-keys"], "error-keys: ran nowhere: no operation selected has a case for it"],
    [["--operation", "ping", "--checks", "auth-headers,public"], "auth-headers: ran nowhere: no operation selected has a case for it"],
  ])("a check named that ran nowhere: %j", async (args, problem) => {
    const run = await contractTest(["--base-url", sandbox.baseUrl, ...args]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`✗ run: ${problem}`);
  });

  it("the defaults still pass a whole run: nothing named, nothing asked that could not run", async () => {
    const run = await contractTest(["--base-url", sandbox.baseUrl, "--examples-per-operation", "1", "--no-pacing"]);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).not.toContain("✗ run:");
  });

  it("contractTests: the run as a whole fails with the same words; allowPartial passes it", async () => {
    const options = { baseUrl: sandbox.baseUrl, apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret, operations: ["applyCode"], pacing: false };
    const whole = (tests: ReturnType<typeof contractTests>) => tests.find((test) => test.name === "the run as a whole")!;
    await expect(whole(contractTests(options)).run()).rejects.toThrow("applyCode: not exercised: it changes state; set includeMutations: true");
    await expect(whole(contractTests({ ...options, allowPartial: true })).run()).resolves.toBeUndefined();
  });
});

describe("a server still being built (examples/server-node: three operations of nine)", () => {
  const key = { key: "team-key", secret: "team-secret" };
  const server = exampleServerPerFile(key);

  it("each missing operation takes at most 3 lines of the text, with no reproduction; JUnit failure texts keep their line breaks", async () => {
    const junit = path.join(dir, "built.xml");
    const run = await contractTest(["--base-url", server.baseUrl, "--include-mutations", "--no-pacing", "--examples-per-operation", "2", "--junit", junit], key);
    expect(run.code).toBe(1);
    const missing = Object.keys(operationIndex).filter((id) => operationIndex[id as keyof typeof operationIndex].signed && !["getMainBalance", "applyCode", "getInvestmentsHistory"].includes(id));
    const text = run.stdout.split("\n");
    for (const operationId of missing) expect(text.filter((line) => line.includes(operationId)).length, operationId).toBeLessThanOrEqual(3);
    expect(run.stdout).not.toContain("reproduce");
    expect(run.stdout).toMatch(/\nnot implemented \(404 to every request\): /);
    expect(run.stdout).toContain("(each one failure; implement it, or list it with --expect-not-implemented while it is being built)");
    const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "testsuite" || name === "testcase" }).parse(readFileSync(junit, "utf8"));
    const failures = parsed.testsuites.testsuite.flatMap((suite: any) => suite.testcase).filter((c: any) => c.failure).map((c: any) => String(c.failure["#text"]));
    expect(failures.length).toBe(missing.length);
    for (const failure of failures) {
      expect(failure).toMatch(/^expected: .*\ngot: .*\n(BODY=|# step 1: )/);
      expect(failure).not.toContain("\\u{a}");
    }
  });
});

describe("contractTests: a test for every operation and check that runs", () => {
  it("tied-answers have tests of their own, every workflow of the sequences one too, and they pass against the sandbox", async () => {
    await fetch(`${sandbox.baseUrl}/sandbox/reset`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    const tests = contractTests({ baseUrl: sandbox.baseUrl, apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret, includeMutations: true, pacing: false, examplesPerOperation: 1 });
    const names = tests.map((test) => test.name);
    for (const name of ["getInvestmentsHistory · tied-answers", "getMainBalance · tied-answers", ...workflows.map((workflow) => `workflow ${workflow.workflowId}`)]) expect(names).toContain(name);
    const outcomes = await Promise.all(tests.map((test) => test.run().then(() => "passed", (error: Error) => `${test.name}: ${error.message}`)));
    expect(outcomes.filter((outcome) => outcome !== "passed")).toEqual([]);
  });
});

describe("fixtures that repeat", () => {
  it("two mutation runs back to back pass with enough values given (each spends three: the workflow's, the replay's, the race's); a third, with all used up, fails saying so", async () => {
    await fetch(`${sandbox.baseUrl}/sandbox/reset`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    const fixtures = path.join(dir, "six-codes.json");
    const codes = builtInDataset().codes.filter((code) => code.passphrase === undefined).slice(0, 6);
    expect(codes).toHaveLength(6);
    writeFileSync(fixtures, JSON.stringify({ applyCode: codes.map(({ code }) => ({ code })) }));
    const args = ["--base-url", sandbox.baseUrl, "--include-mutations", "--fixtures", fixtures, "--operation", "applyCode", "--operation", "getMainBalance", "--examples-per-operation", "1"];
    const first = await contractTest(args);
    expect(first.code, first.stdout).toBe(0);
    const second = await contractTest(args);
    expect(second.code, second.stdout).toBe(0);
    for (const run of [first, second]) {
      expect(run.stdout).not.toContain("a reused nonce not checked");
      expect(run.stdout).toMatch(/note: races: applyCode: 4 requests raced, 1 accepted, 3 refused/);
    }
    expect(second.stdout).toContain("note: workflow redeemCodeOnce: 3 of the 6 values given for applyCode were used up; the next one was taken");
    const third = await contractTest(args);
    expect(third.code).toBe(1);
    expect(third.stdout).toContain("all 6 values given for applyCode were used up: give fresh ones");
    expect(third.stdout).toContain("note: races: applyCode was not raced");
  });

  it("the library takes a function asked once per operation, and refuses a value that breaks the schema, naming it", async () => {
    await fetch(`${sandbox.baseUrl}/sandbox/reset`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    const asked: string[] = [];
    const options = { baseUrl: sandbox.baseUrl, apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret, includeMutations: true, pacing: false, examplesPerOperation: 1, operations: ["applyCode", "getMainBalance"] };
    const result = await runContractTest({ ...options, fixtures: (operationId) => (asked.push(operationId), operationId === "applyCode" ? [{ code: "TXC-ETH-9P4L2K7J5H3G" }] : undefined) });
    expect(result.exitStatus, JSON.stringify(result.runProblems)).toBe(0);
    expect(asked).toContain("applyCode");
    await expect(runContractTest({ ...options, fixtures: { applyCode: [{ code: "x" }, { code: 5 }] } })).rejects.toThrow(/fixtures: applyCode\[1\]: code must be string/);
  });
});
