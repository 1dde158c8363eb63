// txc-api proxy --sign, as a team uses it: the real proxy process in front of the real sandbox,
// called by curl with unsigned bodies. It signs what arrives unsigned, in nonce order; lets a
// request signed by its sender pass as it came; refuses a body it cannot sign with a 400 of its own,
// nothing sent; and never prints the secret.
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signRequest, timeNonce } from "../../src/index.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { cli } from "../helpers/contract-test-cli.js";
import { resetSandbox, startSandbox, type Sandbox } from "../helpers/sandbox.js";
import { bin, generatedDir, root, STUCK_MS } from "../helpers/project.js";
import { builtInDataset } from "../../src/sandbox/dataset.js";

const BALANCE = "/api/v4/main-account/balance";
const guide = readFileSync(path.join(root, "docs", "other-tools.md"), "utf8");
const env = { ...process.env, TXC_API_KEY: demoKeys.partner.key, TXC_API_SECRET: demoKeys.partner.secret };

/** curl, as a user types it: an unsigned JSON body. */
async function curl(url: string, body: string, headers: string[] = []) {
  const { stdout } = await promisify(execFile)("curl", ["-sS", "-X", "POST", url, "-H", "Content-Type: application/json", ...headers.flatMap((h) => ["-H", h]), "--data-raw", body, "-w", "\n%{http_code}"], { timeout: STUCK_MS });
  const at = stdout.lastIndexOf("\n");
  return { status: Number(stdout.slice(at + 1)), body: JSON.parse(stdout.slice(0, at)) };
}

describe("txc-api proxy --sign", () => {
  let sandbox: Sandbox;
  let proxy: { url: string; stop: () => Promise<{ code: number | null; stdout: string; stderr: string }> };
  beforeAll(async () => {
    sandbox = await startSandbox(["--no-rate-limits"]);
    const child = spawn(process.execPath, [cli, "proxy", "--upstream", sandbox.baseUrl, "--sign"], { env });
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const url = await new Promise<string>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`the proxy exited with ${code}: ${stderr}`)));
      child.stdout.on("data", (chunk) => {
        stdout += chunk;
        const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
        if (found) resolve(found[1]!);
      });
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    proxy = { url, stop: async () => (child.kill("SIGTERM"), { code: await exited, stdout, stderr }) };
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  const sandboxCalls = async () => (await (await fetch(`${sandbox.baseUrl}/sandbox/calls`)).json()) as { apiKey?: string; status: number; path: string }[];

  it("signs an unsigned curl request with the key from the environment", async () => {
    await resetSandbox(sandbox);
    expect(await curl(proxy.url + BALANCE, '{"ticker":"BTC"}')).toEqual({ status: 200, body: { BTC: { main_balance: "0.01532" } } });
    expect((await sandboxCalls()).at(-1)).toMatchObject({ apiKey: demoKeys.partner.key, status: 200 });
  });

  it("sets request and nonce over fields of those names, and signs twenty requests sent at once in nonce order", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => curl(proxy.url + BALANCE, `{"ticker":"BTC","request":"/elsewhere","nonce":"1"}`)));
    expect(answers.map((answer) => `${answer.status} ${answer.body.message ?? ""}`)).toEqual(Array(20).fill("200 "));
  });

  it("lets a request signed by its sender pass as it came", async () => {
    const signed = signRequest({ path: BALANCE, body: { ticker: "ETH" }, apiKey: demoKeys.basic.key, apiSecret: demoKeys.basic.secret, nonce: timeNonce(demoKeys.basic.key) });
    const answer = await curl(proxy.url + BALANCE, signed.body, Object.entries(signed.headers).filter(([name]) => name !== "Content-Type").map(([name, value]) => `${name}: ${value}`));
    expect(answer.status).toBe(200);
    expect((await sandboxCalls()).at(-1)).toMatchObject({ apiKey: demoKeys.basic.key, status: 200 });
  });

  it.each([["not JSON", "ticker=BTC", /the body is not JSON/], ["a JSON array", '["BTC"]', /must be a JSON object of getMainBalance's fields/]])(
    "answers a body it cannot sign (%s) 400 itself, and sends nothing upstream",
    async (_kind, body, message) => {
      const before = (await sandboxCalls()).length;
      const answer = await curl(proxy.url + BALANCE, body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(message);
      expect((await sandboxCalls()).length).toBe(before);
    },
  );

  it("answers the curl command of docs/other-tools.md as written, but for the proxy's port", async () => {
    expect(guide).toContain("npx txc-api proxy --upstream http://127.0.0.1:8080 --sign --port 8081");
    const command = /```sh\n(curl .*)\n```/.exec(guide)![1]!.replace("http://127.0.0.1:8081", proxy.url);
    const { stdout } = await promisify(execFile)("bash", ["-c", command], { timeout: STUCK_MS });
    expect(JSON.parse(stdout)).toEqual({ BTC: { main_balance: "0.01532" } });
  });

  it("lets Redocly's Respect CLI, which cannot sign, run every workflow of the API through it unsigned, as the guide shows", async () => {
    await resetSandbox(sandbox);
    const command = /```sh\n(npx @redocly\/cli respect .*)\n```/.exec(guide)![1]!;
    // The guide's inputs are the sandbox's: a cancelled deposit of the partner's, a code without a passphrase.
    const dataset = builtInDataset();
    const inputs = Object.fromEntries([...command.matchAll(/--input (\w+)=(\S+)/g)].map(([, name, value]) => [name!, value!]));
    expect(dataset.accounts[0]!.deposits.find((deposit) => deposit.transactionId === inputs.uniqueId)?.status).toBe("canceled");
    expect(dataset.codes.find((code) => code.code === inputs.code)?.passphrase).toBeUndefined();
    const args = command.replace(/^npx @redocly\/cli /, "").replace("node_modules/txc-api/generated/", `${generatedDir}/`).replace("http://127.0.0.1:8081", proxy.url).split(" ");
    // A folder of its own: run alone, this file finds no other test's folders made.
    const folder = mkdtempSync(path.join(tmpdir(), "txc-respect-"));
    const report = path.join(folder, "respect.json");
    const respect = await promisify(execFile)(bin("redocly"), [...args, "--json-output", report], { timeout: STUCK_MS }).catch((error) => error);
    const json = JSON.parse(readFileSync(report, "utf8")) as { files: Record<string, { executedWorkflows: { workflowId: string; executedSteps: { stepId: string; checks: { passed: boolean; message: string }[] }[] }[] }> };
    rmSync(folder, { recursive: true, force: true });
    const workflows = Object.values(json.files).flatMap((file) => file.executedWorkflows);
    expect(workflows.length).toBeGreaterThan(0);
    const failed = workflows.flatMap(({ workflowId, executedSteps }) => executedSteps.flatMap((step) => step.checks.filter((check) => !check.passed).map((check) => `${workflowId}.${step.stepId}: ${check.message}`)));
    expect(failed).toEqual([]);
    expect(workflows.every((workflow) => workflow.executedSteps.length > 0)).toBe(true);
    expect(respect.code ?? 0).toBe(0);
  });

  it.each([
    ["as the guide shows", {}],
    // 16 connections at once: before each upstream connection was one socket, a later nonce overtook an earlier one (88 of 2,000 refused).
    ["and 1,000 requests on 16 connections", { "--amount": "1000", "--connections": "16" }],
  ])("carries a bounded autocannon run, %s: every request signed with its own nonce and answered 200", async (_, changed: Record<string, string>) => {
    const command = /```sh\n(npx autocannon .*)\n```/.exec(guide)![1]!;
    const before = (await sandboxCalls()).length;
    const args = [...command.replace(/^npx autocannon /, "").replace("http://127.0.0.1:8081", proxy.url).matchAll(/'[^']*'|\S+/g)].map(([arg]) => arg.replace(/^'|'$/g, ""));
    for (const [option, value] of Object.entries(changed)) args[args.indexOf(option) + 1] = value;
    const amount = Number(args[args.indexOf("--amount") + 1]);
    const { stdout } = await promisify(execFile)(bin("autocannon"), [...args, "--json"], { timeout: STUCK_MS });
    const result = JSON.parse(stdout) as { "2xx": number; non2xx: number; errors: number };
    expect(result).toMatchObject({ "2xx": amount, non2xx: 0, errors: 0 });
    const calls = (await sandboxCalls()).slice(before);
    expect(calls).toHaveLength(amount);
    expect(calls.every((call) => call.status === 200 && call.apiKey === demoKeys.partner.key)).toBe(true);
  });

  it("judges the traffic as sent, and never prints the secret", async () => {
    const { code, stdout, stderr } = await proxy.stop();
    expect(stdout).toContain("(unsigned requests signed with TXC_API_KEY)");
    expect(stdout).not.toContain("✗");
    expect(code).toBe(0);
    expect(stdout + stderr).not.toContain(demoKeys.partner.secret);
  });
});

it("txc-api proxy --sign refuses to start without the secret: exit 2, saying which variable", async () => {
  const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [cli, "proxy", "--upstream", "http://127.0.0.1:9", "--sign"], { env: { ...process.env, TXC_API_KEY: "k", TXC_API_SECRET: "" } });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.once("exit", (code) => resolve({ code, stderr }));
  });
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(/set TXC_API_SECRET to the API secret, or pass --api-secret-file FILE/);
});
