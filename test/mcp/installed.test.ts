// The agents guide as a newcomer follows it: the packed package installed into an empty project,
// `txc-api mcp` without the SDK says what to install, the install command it prints, then the
// MCP client configuration copied from docs/mcp.md, started as a client would start it (its
// command, its args, its env; only the sandbox's address is this test's).
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { startSandbox, type Sandbox } from "../../src/sandbox-entry.js";
import { root, STUCK_MS } from "../helpers/project.js";

const run = promisify(execFile);
const guide = readFileSync(path.join(root, "docs", "mcp.md"), "utf8");
const config = JSON.parse(/```json\n([\s\S]*?)```/.exec(guide)![1]!) as { mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }> };
const server = Object.values(config.mcpServers)[0]!;
const project = mkdtempSync(path.join(tmpdir(), "txc-mcp-installed-"));
let sandbox: Sandbox;

beforeAll(async () => {
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "agent-project", private: true, type: "module" }));
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", inject("tarball")], { cwd: project, timeout: STUCK_MS });
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(project, { recursive: true, force: true });
});

/** The guide's args, its sandbox address replaced by this test's. */
const argsFor = (baseUrl: string) => server.args.map((arg) => (/^http:\/\/127\.0\.0\.1:\d+$/.test(arg) ? baseUrl : arg));

it("without the SDK, says what to install (exit 2); with the install it prints, the guide's configuration serves the read-only tools", async () => {
  expect(server.command).toBe("npx");
  expect(argsFor(sandbox.url)).toContain(sandbox.url);
  const missing = await run(server.command, argsFor(sandbox.url), { cwd: project, env: { ...process.env, ...server.env } }).then(
    () => ({ code: 0, stderr: "" }),
    (error: { code: number; stderr: string }) => error,
  );
  expect(missing.code).toBe(2);
  const install = /needs the MCP SDK: (npm install \S+)$/m.exec(missing.stderr);
  expect(install, missing.stderr).not.toBeNull();
  const [npm, ...installArgs] = install![1]!.split(" ");
  await run(npm!, [...installArgs, "--prefer-offline", "--no-audit", "--no-fund"], { cwd: project, timeout: STUCK_MS });

  const transport = new StdioClientTransport({ command: server.command, args: argsFor(sandbox.url), env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...server.env }, cwd: project, stderr: "pipe" });
  const client = new Client({ name: "guide-config", version: "1.0.0" });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual((Object.keys(operationIndex) as OperationId[]).filter((id) => !operationIndex[id].stateChanging));
    const balance = await client.callTool({ name: "getMainBalance", arguments: { ticker: "BTC" } });
    expect(balance.isError).toBeFalsy();
    expect(Object.keys(balance.structuredContent!)).toEqual(["BTC"]);
  } finally {
    await client.close();
  }
});
