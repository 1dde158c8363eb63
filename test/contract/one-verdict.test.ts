// One verdict per operation, the same in every report. Each planted server is a real process
// written without this package (fixtures/half-built-server.mjs); the CLI writes text, NDJSON and
// JUnit in one run, and the library's contractTests run the same plan as a runner would. Every
// operation of the document must be in exactly one list, and every report must agree with it.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { afterAll, describe, expect, it } from "vitest";
import { operationIds, operationIndex, type OperationId } from "../../generated/operations.js";
import { workflows } from "../../generated/workflows.js";
import { contractTests, runContractTest } from "../../src/contract-entry.js";
import { subjectOf } from "../../src/contract/workflow-run.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { contractTest } from "../helpers/contract-test-cli.js";
import { halfBuiltLacksReadOnly, startHalfBuiltServer } from "../helpers/half-built-server.js";

const dir = mkdtempSync(path.join(tmpdir(), "txc-one-verdict-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));


const OUTCOME_LINE = /^(passed|failed|not exercised|not implemented[^:]*|not selected: \d+ operations? \([^)]*\)|blocked):(?: (.*))?$/;

/** The text report's lists, each operation with the list it is in (every list it is in). */
function textLists(stdout: string): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  const lines = stdout.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const found = OUTCOME_LINE.exec(lines[i]!);
    if (!found || found[1] === "blocked") continue;
    let items = found[2] ?? "";
    while (lines[i + 1]?.startsWith("  ") && !/^  \S+\s{2,}/.test(lines[i + 1]!)) items += ` ${lines[++i]!.trim()}`;
    items = items.trim();
    const list = found[1]!.startsWith("not selected") ? "not selected" : found[1]!.startsWith("not implemented") ? "not implemented" : found[1]!;
    for (const id of items.split(", ").map((item) => item.trim())) lists.set(id, [...(lists.get(id) ?? []), list]);
  }
  return lists;
}

/** Each operation's progress line, as the verdict it states. */
function progressVerdicts(stdout: string): Map<string, string> {
  const verdicts = new Map<string, string>();
  for (const line of stdout.split("\n")) {
    const found = /^  (\w+)\s+(?:\d+ checks?, (all passed|\d+ FAILED)|(not implemented.*))$/.exec(line);
    if (found && operationIds.includes(found[1] as OperationId)) verdicts.set(found[1]!, found[3] ? "not implemented" : found[2] === "all passed" ? "passed" : "failed");
  }
  return verdicts;
}

type Planted = { name: string; env: Record<string, string>; args: string[]; library: Parameters<typeof runContractTest>[0] extends infer O ? Partial<O> : never; exit: 0 | 1 };

const planted: Planted[] = [
  { name: "two operations, one with a mistake, no ping", env: { MINING_MISTAKE: "1" }, args: [], library: {}, exit: 1 },
  {
    name: "a ping, the codes always spent, with the mutations and their workflows",
    env: { PING: "1", APPLY_SPENT: "1" },
    args: ["--include-mutations"],
    library: { includeMutations: true },
    exit: 1,
  },
  {
    name: "the unwritten operations declared",
    env: { PING: "1" },
    // Both spellings of the option: comma-separated, and repeated.
    args: ["--expect-not-implemented", halfBuiltLacksReadOnly.slice(0, -1).join(","), "--expect-not-implemented", halfBuiltLacksReadOnly.at(-1)!],
    library: { expectNotImplemented: halfBuiltLacksReadOnly },
    exit: 0,
  },
];

describe.each(planted)("$name", ({ env, args, library, exit }) => {
  it("every operation has one verdict, and text, NDJSON, JUnit, runContractTest and contractTests agree on it", async () => {
    const server = await startHalfBuiltServer(env);
    try {
      const json = path.join(dir, `${Math.random()}.ndjson`);
      const junit = path.join(dir, `${Math.random()}.xml`);
      const run = await contractTest(["--base-url", server.baseUrl, "--examples-per-operation", "2", "--json", json, "--junit", junit, ...args], demoKeys.partner, { NO_COLOR: "1" });
      expect(run.code, run.stdout + run.stderr).toBe(exit);
      const lines = readFileSync(json, "utf8").trim().split("\n").map((line) => JSON.parse(line));
      const summary = lines.at(-1);
      const outcomes: Record<string, string> = summary.outcomes;
      expect(Object.keys(outcomes).sort()).toEqual([...operationIds].sort());

      // The text: each operation in exactly one list, the list of its NDJSON outcome; its progress line the same.
      const lists = textLists(run.stdout);
      const progress = progressVerdicts(run.stdout);
      for (const id of operationIds) {
        expect(lists.get(id), `${id} in the text's lists`).toEqual([outcomes[id]]);
        if (progress.has(id)) expect(progress.get(id), `${id}'s progress line`).toBe(outcomes[id]);
      }
      const [passed, failed] = /^(\d+) passed, (\d+) failed/.exec(run.stdout.trimEnd().split("\n").at(-1)!)!.slice(1).map(Number);
      expect([passed, failed]).toEqual([summary.passed, summary.failed]);

      // An operation fails in a report exactly when its verdict is a failure.
      const failing = (id: string) => outcomes[id] === "failed" || (outcomes[id] === "not implemented" && !lines.some((l) => l.operationId === id && l.check === "implemented" && l.passed));
      const results = lines.filter((line) => typeof line.check === "string" && "passed" in line);
      const junitCases = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", isArray: (name) => name === "testsuite" || name === "testcase" })
        .parse(readFileSync(junit, "utf8")).testsuites.testsuite.flatMap((suite: any) => suite.testcase.map((c: any) => ({ suite: suite.name, ...c })));
      const whole = await runContractTest({ baseUrl: server.baseUrl, apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret, examplesPerOperation: 2, ...library });
      expect(whole.exitStatus).toBe(exit);
      expect(Object.fromEntries(whole.outcomes.map((o) => [o.operationId, o.outcome]))).toEqual(outcomes);
      expect([whole.passed, whole.failed]).toEqual([summary.passed, summary.failed]);

      const tests = contractTests({ baseUrl: server.baseUrl, apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret, examplesPerOperation: 2, ...library });
      const testFailed = new Map<string, boolean>();
      for (const test of tests) testFailed.set(test.name, await test.run().then(() => false, () => true));
      const operationOfTest = (name: string) => (name.startsWith("workflow ") ? subjectOf(workflows.find((w) => `workflow ${w.workflowId}` === name)!) : name.split(" · ")[0]);
      for (const id of operationIds) {
        expect(results.some((r) => r.operationId === id && !r.passed), `${id} failing in NDJSON`).toBe(failing(id));
        expect(junitCases.some((c: any) => c.suite === id && c.failure !== undefined), `${id} failing in JUnit`).toBe(failing(id));
        expect([...testFailed].some(([name, failed]) => failed && operationOfTest(name) === id), `${id} failing in contractTests`).toBe(failing(id));
      }
      expect(testFailed.get("the run as a whole"), "the run as a whole").toBe(exit !== 0);
      for (const [name, failed] of testFailed) if (name !== "the run as a whole" && failed) expect(failing(operationOfTest(name)!), name).toBe(true);
    } finally {
      await server.stop();
    }
  });
});

describe("a server being built, as a team gates it", () => {
  it("a workflow through two unwritten operations is blocked once, charged to neither; both read 'not implemented'", async () => {
    const server = await startHalfBuiltServer({ PING: "1" });
    try {
      const json = path.join(dir, "blocked.ndjson");
      const run = await contractTest(["--base-url", server.baseUrl, "--include-mutations", "--examples-per-operation", "2", "--json", json], demoKeys.partner, { NO_COLOR: "1" });
      const blockedBy = "getInvestmentsHistory";
      const through = workflows.filter((w) => w.steps[0]!.operationId === blockedBy && subjectOf(w) !== blockedBy);
      expect(through.length).toBeGreaterThan(0);
      for (const workflow of through) {
        expect(run.stdout).toContain(`blocked: workflow ${workflow.workflowId}, by ${blockedBy} (not implemented)`);
        expect(progressVerdicts(run.stdout).get(subjectOf(workflow))).toBe("not implemented");
        expect(run.stdout).not.toContain(`✗ ${subjectOf(workflow)} · sequences`);
      }
      const lines = readFileSync(json, "utf8").trim().split("\n").map((line) => JSON.parse(line));
      expect(lines.filter((l) => l.blocked === true).map((l) => l.workflowId)).toEqual(through.map((w) => w.workflowId));
      expect(lines.some((l) => l.check === "sequences" && through.some((w) => w.workflowId === l.workflowId) && "passed" in l)).toBe(false);
    } finally {
      await server.stop();
    }
  });

  it("an operation listed as not written yet that answers is tested as usual, and the report says to take it off the list", async () => {
    const server = await startHalfBuiltServer({ PING: "1", MINING_MISTAKE: "1" });
    try {
      const run = await contractTest(["--base-url", server.baseUrl, "--operation", "getMiningPayoutDestination", "--operation", "getFundingHistory", "--expect-not-implemented", "getMiningPayoutDestination,getFundingHistory"], demoKeys.partner, { NO_COLOR: "1" });
      expect(run.code, run.stdout).toBe(1);
      expect(run.stdout).toContain("note: getMiningPayoutDestination: listed as not implemented yet, and it answers (");
      expect(run.stdout).toContain("failed: getMiningPayoutDestination");
      expect(run.stdout).toContain("not implemented, as expected (404 to every request): getFundingHistory");
      expect(run.stdout.trimEnd().split("\n").at(-1)).toMatch(/; 1 not implemented \(all expected\);/);
    } finally {
      await server.stop();
    }
  });

  it("a name that is no operation is refused by the CLI and the library, naming the option", async () => {
    const run = await contractTest(["--base-url", "http://127.0.0.1:9", "--expect-not-implemented", "getBalance"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--expect-not-implemented names no operation of the document: "getBalance"; operations: ');
    await expect(runContractTest({ baseUrl: "http://127.0.0.1:9", apiKey: "k", apiSecret: "s", expectNotImplemented: ["getBalance"] })).rejects.toThrow(/^expectNotImplemented names no operation of the document: "getBalance"; operations: /);
    expect(Object.keys(operationIndex)).not.toContain("getBalance");
  });
});
