// The Postman collection (generated/postman-collection.json) as teams run it: newman, unmodified,
// against the real sandbox process. Every request signs in the collection's own script and its
// tests hold the answer to the document; the secret comes from an environment, never the file.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { promisify } from "node:util";
import path from "node:path";
import newman from "newman";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationIds } from "../../generated/operations.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { resetSandbox, startSandbox, type Sandbox } from "../helpers/sandbox.js";
import { bin, generatedDir, root, STUCK_MS } from "../helpers/project.js";
import { defects, startBrokenServer } from "../helpers/broken-servers.js";

const collection = JSON.parse(readFileSync(path.join(generatedDir, "postman-collection.json"), "utf8"));

type Execution = { item: { name: string }; response?: { code: number }; assertions?: { assertion: string; error?: { message: string } }[] };

/** One newman run of the whole collection, the key and secret given as an environment. */
type Failure = { error: { message: string; test?: string }; source?: { name?: string } };

function newmanRun(baseUrl: string, key: string, secret: string): Promise<{ executions: Execution[]; failures: Failure[] }> {
  return new Promise((resolve, reject) => {
    newman.run({
      collection,
      environment: { values: [{ key: "baseUrl", value: baseUrl }, { key: "apiKey", value: key }, { key: "apiSecret", value: secret }] },
      reporters: [],
    }, (error, summary) => (error ? reject(error) : resolve({ executions: summary.run.executions as unknown as Execution[], failures: summary.run.failures as never })));
  });
}

describe("the Postman collection, run by newman", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox?.stop());

  it("holds no secret, and one request per operation of the document", () => {
    const text = JSON.stringify(collection);
    expect(text).not.toContain(demoKeys.partner.secret);
    expect(collection.variable.map((v: { key: string }) => v.key)).not.toContain("apiSecret");
    expect(collection.item.map((item: { name: string }) => item.name).sort()).toEqual([...operationIds].sort());
  });

  it("every operation answers as documented: signed by the collection, each test passing", async () => {
    await resetSandbox(sandbox);
    const { executions, failures } = await newmanRun(sandbox.baseUrl, demoKeys.partner.key, demoKeys.partner.secret);
    expect(failures.map((f) => `${f.source?.name}: ${f.error.message}`)).toEqual([]);
    expect(executions.map((e) => e.item.name).sort()).toEqual([...operationIds].sort());
    for (const execution of executions) {
      expect(execution.response?.code, execution.item.name).toBe(200);
      expect(execution.assertions?.length, execution.item.name).toBe(2);
    }
    // The sandbox saw each call as signed by that key.
    const calls = await (await fetch(`${sandbox.baseUrl}/sandbox/calls`)).json();
    expect(calls.filter((call: { apiKey?: string }) => call.apiKey === demoKeys.partner.key).length).toBe(operationIds.length - 1);
  });

  it("a wrong secret fails each signed request with the 401 and the API's own reason", async () => {
    await resetSandbox(sandbox);
    const { failures } = await newmanRun(sandbox.baseUrl, demoKeys.partner.key, "not-the-secret");
    const statusFailures = failures.filter((f) => f.error.test?.startsWith("answers 200"));
    expect(statusFailures.length).toBe(operationIds.length - 1);
    for (const failure of statusFailures) expect(failure.error.message).toMatch(/^the API said: .*signature.*: expected 401 to equal 200$/i);
  });

  it.each(defects.filter((defect) => ["a field of the wrong type", "a missing required field"].includes(defect.name)).map((defect) => [defect.name, defect] as const))(
    "a server with %s fails that operation's schema test, and no other",
    async (_name, defect) => {
      const server = await startBrokenServer(defect);
      try {
        const { failures } = await newmanRun(server.baseUrl, demoKeys.partner.key, demoKeys.partner.secret);
        expect(failures.map((f) => `${f.source?.name}: ${f.error.test}`)).toEqual([`${defect.operationId}: the answer is valid for the document's 200 schema`]);
      } finally {
        await server.close();
      }
    },
  );

  it("runs as docs/other-tools.md says: newman's command line with the guide's environment file, the secret in the file alone", async () => {
    await resetSandbox(sandbox);
    const guide = readFileSync(path.join(root, "docs", "other-tools.md"), "utf8");
    const environment = JSON.parse(/```json\n([\s\S]*?)```/.exec(guide)![1]!);
    const command = /```sh\n(npx newman run .*)\n```/.exec(guide)![1]!.split(" ");
    expect(command.join(" ")).not.toContain(demoKeys.partner.secret);
    // The guide's file, but for the port of this test's sandbox.
    const dir = mkdtempSync(path.join(tmpdir(), "txc-newman-"));
    try {
      for (const variable of environment.values) if (variable.key === "baseUrl") variable.value = sandbox.baseUrl;
      writeFileSync(path.join(dir, command.at(-1)!), JSON.stringify(environment));
      const collection = command[3]!.replace("node_modules/txc-api/generated/", `${generatedDir}/`);
      const { stdout } = await promisify(execFile)(bin("newman"), [command[2]!, collection, ...command.slice(4)], { cwd: dir, timeout: STUCK_MS });
      expect(stdout).toMatch(/assertions\s*│\s*\d+\s*│\s*0\s*│/);
      expect(stdout).not.toContain(demoKeys.partner.secret);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the sandbox serves the collection with its own address as baseUrl, ready to import", async () => {
    await resetSandbox(sandbox);
    const served = await (await fetch(`${sandbox.baseUrl}/postman-collection.json`)).json();
    expect(served.variable.find((v: { key: string }) => v.key === "baseUrl").value).toBe(sandbox.baseUrl);
    const { failures } = await new Promise<{ failures: unknown[] }>((resolve, reject) =>
      newman.run({ collection: served, environment: { values: [{ key: "apiKey", value: demoKeys.partner.key }, { key: "apiSecret", value: demoKeys.partner.secret }] }, reporters: [] },
        (error, summary) => (error ? reject(error) : resolve({ failures: summary.run.failures }))));
    expect(failures).toEqual([]);
  });
});
