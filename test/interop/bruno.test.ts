// The Bruno collection (generated/bruno/) as teams run it: Bruno's own CLI (`bru run`), unmodified,
// against the real sandbox process, the key and secret in the run's environment. Every request signs
// in the collection's script and its tests hold the answer to the document. (A wrong secret's 401
// and its reason are the Postman collection's test: the two share the test scripts' logic, and a
// bru run costs seconds.)
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationIds } from "../../generated/operations.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { defects, startBrokenServer } from "../helpers/broken-servers.js";
import { bin, generatedDir, root, STUCK_MS } from "../helpers/project.js";
import { resetSandbox, startSandbox, type Sandbox } from "../helpers/sandbox.js";

const guide = readFileSync(path.join(root, "docs", "other-tools.md"), "utf8");
/** The guide's own commands: the copy of the collection, and bru's arguments. */
const guideCopy = /^cp -r node_modules\/txc-api\/generated\/bruno (\S+)$/m.exec(guide);
const guideArgs = /^npx bru (run .*)$/m.exec(guide)![1]!.split(" ");

type Result = { test: { filename: string }; response: { status: number }; testResults: { description: string; status: string; error?: string }[] };

/** `bru run` of a copy of the collection (bru writes nothing there, but a run must not touch the package's files), its JSON report read. */
async function bruRun(baseUrl: string, secret: string, args: string[] = []): Promise<{ results: Result[]; stdout: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), "txc-bruno-"));
  try {
    cpSync(path.join(generatedDir, "bruno"), dir, { recursive: true });
    const report = path.join(dir, "report.json");
    // As docs/other-tools.md runs it; the sandbox's port is this test's, and the report is read.
    const run = await promisify(execFile)(bin("bru"), [...guideArgs, "--env-var", `baseUrl=${baseUrl}`, "--reporter-json", report, ...args], {
      cwd: dir, timeout: STUCK_MS, env: { ...process.env, TXC_API_KEY: demoKeys.partner.key, TXC_API_SECRET: secret },
    }).catch((error: { stdout: string }) => error);
    const parsed = JSON.parse(readFileSync(report, "utf8"));
    return { results: (Array.isArray(parsed) ? parsed[0] : parsed).results, stdout: run.stdout };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const failing = (results: Result[]) => results.flatMap((r) => r.testResults.filter((t) => t.status !== "pass").map((t) => `${r.test.filename}: ${t.description}: ${t.error ?? ""}`));

describe("the Bruno collection, run by bru", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox?.stop());

  it("holds no secret, and one request per operation of the document", () => {
    const files = readdirSync(path.join(generatedDir, "bruno"), { recursive: true }).map(String);
    expect(files.filter((file) => file.endsWith(".bru") && !file.includes("/") && file !== "collection.bru").map((file) => file.replace(/\.bru$/, "")).sort()).toEqual([...operationIds].sort());
    for (const file of files.filter((f) => f.includes("."))) expect(readFileSync(path.join(generatedDir, "bruno", file), "utf8")).not.toContain(demoKeys.partner.secret);
  });

  it("every operation answers as documented: signed by the collection, each test passing", async () => {
    await resetSandbox(sandbox);
    const { results, stdout } = await bruRun(sandbox.baseUrl, demoKeys.partner.secret);
    expect(failing(results)).toEqual([]);
    expect(results.map((r) => r.test.filename.replace(/\.bru$/, "")).sort()).toEqual([...operationIds].sort());
    for (const result of results) {
      expect(result.response.status, result.test.filename).toBe(200);
      expect(result.testResults.length, result.test.filename).toBe(2);
    }
    expect(stdout).not.toContain(demoKeys.partner.secret);
  });

  it("a server answering a field of the wrong type fails that operation's schema test, and no other", async () => {
    const defect = defects.find((d) => d.name === "a field of the wrong type")!;
    const server = await startBrokenServer(defect);
    try {
      const { results } = await bruRun(server.baseUrl, demoKeys.partner.secret);
      expect(failing(results).map((line) => line.split(": ").slice(0, 2).join(": "))).toEqual([`${defect.operationId}.bru: the answer is valid for the document's 200 schema`]);
    } finally {
      await server.close();
    }
  });

  it("is copied and run as docs/other-tools.md says", () => {
    expect(guideCopy, "the guide's cp line").not.toBeNull();
    expect(guideArgs).toEqual(["run", "--env", "sandbox"]);
  });
});
