// txc-api/contract: the tester as a library and as tests for a runner, against the sandbox in
// this process (txc-api/sandbox) and against servers that are not right.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractTests, ContractTestStoppedError, runContractTest } from "../../src/contract-entry.js";
import { startSandbox, type Sandbox } from "../../src/sandbox-entry.js";
import { startHostile } from "../helpers/hostile-server.js";
import { STUCK_MS } from "../helpers/project.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimits: false });
});
afterAll(async () => {
  await sandbox?.close();
});
const against = (s: Sandbox) => ({ baseUrl: s.url, ...s.keys.partner, pacing: false });

describe("runContractTest", () => {
  it("passes the sandbox: exit status 0, results by operation and check, progress reported, no secret", async () => {
    const events: string[] = [];
    const result = await runContractTest({ ...against(sandbox), examplesPerOperation: 2, concurrency: 4, onEvent: (event) => void events.push(event.type) });
    expect(result.exitStatus).toBe(0);
    expect(result.failed).toBe(0);
    expect(result.passed).toBeGreaterThan(100);
    expect(result.results.find((r) => r.operationId === "getMainBalance" && r.check === "positive")).toMatchObject({ passed: true, failures: [] });
    expect(events).toContain("operation-done");
    expect(JSON.stringify(result)).not.toContain(sandbox.keys.partner.apiSecret);
  });

  it("a server that breaks the contract: exit status 1, the failure with its reproduction", async () => {
    const broken = await startSandbox({ rateLimits: false });
    try {
      broken.fault({ operationId: "getMainBalance", status: 500, times: 1_000 });
      const result = await runContractTest({ ...against(broken), operations: ["getMainBalance"], checks: ["positive"], examplesPerOperation: 1 });
      expect(result.exitStatus).toBe(1);
      const [entry] = result.results;
      expect(entry).toMatchObject({ operationId: "getMainBalance", check: "positive", passed: false });
      expect(entry!.failures[0]!.got).toMatch(/^500 /);
      expect(entry!.failures[0]!.reproduction).toContain("TXC_API_SECRET");
      expect(JSON.stringify(result)).not.toContain(broken.keys.partner.apiSecret);
    } finally {
      await broken.close();
    }
  });

  it("a target that is not this API, or refused credentials: rejects with ContractTestStoppedError and one line", async () => {
    const notThisApi = await startHostile((_, response) => {
      response.writeHead(404, { "Content-Type": "text/html" });
      response.end("<html>not here</html>");
    });
    try {
      const failure = await runContractTest({ baseUrl: notThisApi.baseUrl, apiKey: "k", apiSecret: "s" }).catch((error) => error);
      expect(failure).toBeInstanceOf(ContractTestStoppedError);
      expect(failure.message).not.toMatch(/\n/);
    } finally {
      await notThisApi.close();
    }
    const refused = await runContractTest({ ...against(sandbox), apiSecret: "wrong-secret" }).catch((error) => error);
    expect(refused).toBeInstanceOf(ContractTestStoppedError);
    expect(refused.message).not.toContain("wrong-secret");
  });
});

describe("contractTests, for a runner", () => {
  const tests = contractTests({ baseUrl: "http://127.0.0.1:1", apiKey: "placeholder", apiSecret: "placeholder", operations: ["getMainBalance", "ping"], examplesPerOperation: 1 });
  it("names one test per operation and check, and one for the run as a whole, before anything is sent", () => {
    const names = tests.map((test) => test.name);
    expect(names).toContain("getMainBalance · positive");
    expect(names).toContain("getMainBalance · auth-signature");
    expect(names).toContain("ping · public");
    expect(names.at(-1)).toBe("the run as a whole");
  });

  it("runs once for all its tests; a failing one throws the CLI's failure text with the reproduction", async () => {
    const broken = await startSandbox({ rateLimits: false });
    try {
      broken.fault({ operationId: "getMainBalance", status: 500, times: 1_000 });
      const cases = contractTests({ ...against(broken), operations: ["getMainBalance", "ping"], examplesPerOperation: 1 });
      const outcomes = await Promise.all(cases.map((test) => test.run().then(() => "passed", (error: Error) => error.message)));
      const byName = Object.fromEntries(cases.map((test, i) => [test.name, outcomes[i]!]));
      expect(byName["ping · public"]).toBe("passed");
      expect(byName["getMainBalance · positive"]).toMatch(/^✗ getMainBalance · positive · /);
      expect(byName["getMainBalance · positive"]).toContain("reproduce (TXC_API_KEY and TXC_API_SECRET from the environment):");
      // One run for every test: the faulted sandbox saw each planned request once.
      const pings = broken.calls.filter((call) => call.operationId === "ping").length;
      expect(pings).toBeLessThan(10);
    } finally {
      await broken.close();
    }
  });
});

describe("contractTests under node:test", () => {
  it("registers one node:test test per operation and check, as the README shows, and they pass against the sandbox", async () => {
    const { execFile } = await import("node:child_process");
    const { promisify } = await import("node:util");
    const path = await import("node:path");
    const { root } = await import("../helpers/project.js");
    const script = `
      import { test, after } from "node:test";
      import { contractTests } from ${JSON.stringify(path.join(root, "dist", "bundle", "contract.js"))};
      import { startSandbox } from ${JSON.stringify(path.join(root, "dist", "bundle", "sandbox.js"))};
      const sandbox = await startSandbox({ rateLimits: false });
      after(() => sandbox.close());
      for (const t of contractTests({ baseUrl: sandbox.url, ...sandbox.keys.partner, operations: ["getMainBalance"], pacing: false, examplesPerOperation: 1 })) test(t.name, t.run);
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ["--test-reporter=tap", "--input-type=module", "-e", script], { cwd: root, timeout: STUCK_MS });
    expect(stdout).toMatch(/^ok \d+ - getMainBalance · positive$/m);
    expect(stdout).toMatch(/^# fail 0$/m);
    expect(Number(/^# pass (\d+)$/m.exec(stdout)?.[1])).toBeGreaterThan(4);
  });
});
