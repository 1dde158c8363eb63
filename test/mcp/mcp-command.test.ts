// `txc-api mcp` refuses what it cannot serve, before it starts: exit 2, one line naming the option
// and the rule, never the secret.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { cliPath } from "../helpers/mcp.js";

const SECRET = "a-secret-never-printed";
const credentials = { TXC_API_KEY: "sandbox-basic", TXC_API_SECRET: SECRET };
const stateChanging = (Object.keys(operationIndex) as OperationId[]).filter((id) => operationIndex[id].stateChanging);
const readOnly = (Object.keys(operationIndex) as OperationId[]).find((id) => !operationIndex[id].stateChanging)!;

async function mcp(args: string[], env: Record<string, string> = credentials): Promise<{ code: number; stderr: string; stdout: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [cliPath, "mcp", ...args], { env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

const cases: [string, string[], Record<string, string> | undefined, RegExp][] = [
  ["no --base-url", [], undefined, /--base-url is required: the API's address, such as the sandbox's http:\/\/127\.0\.0\.1:\d+/],
  ["a base URL with credentials in it", ["--base-url", "http://user:pw@127.0.0.1:8080"], undefined, /--base-url /],
  ["no key", ["--base-url", "http://127.0.0.1:8080"], { TXC_API_SECRET: SECRET }, /set TXC_API_KEY to the public API key/],
  ["no secret", ["--base-url", "http://127.0.0.1:8080"], { TXC_API_KEY: "sandbox-basic" }, /set TXC_API_SECRET to the API secret, or pass --api-secret-file FILE/],
  ["a read-only operation to allow", ["--base-url", "http://127.0.0.1:8080", "--allow-state-changing", readOnly], undefined, new RegExp(`--allow-state-changing: ${readOnly} is read-only: it is always offered`)],
  ["a misspelt operation to allow", ["--base-url", "http://127.0.0.1:8080", "--allow-state-changing", stateChanging[0]!.slice(0, -1)], undefined, new RegExp(`is not a state-changing operation of the API: did you mean ${stateChanging[0]}\\?`)],
  ["--host without --port", ["--base-url", "http://127.0.0.1:8080", "--host", "127.0.0.1"], undefined, /--host needs --port/],
  ["an audit file that cannot be written", ["--base-url", "http://127.0.0.1:8080", "--audit", "/nonexistent-folder/audit.ndjson"], undefined, /cannot write --audit \/nonexistent-folder\/audit\.ndjson: ENOENT/],
];

it.each(cases)("refuses %s with exit 2 and one line", async (_, args, env, message) => {
  const run = await mcp(args, env);
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(message);
  expect(run.stderr.trim().split("\n")).toHaveLength(1);
  expect(run.stdout + run.stderr).not.toContain(SECRET);
});

it("answers --help with the options, the environment and an example that keeps the secret out of argv", async () => {
  const run = await mcp(["--help"]);
  expect(run.code).toBe(0);
  for (const option of ["--base-url", "--allow-state-changing", "--dry-run", "--audit", "--port", "--host", "--api-secret-file", "TXC_API_KEY", "TXC_API_SECRET"]) expect(run.stdout).toContain(option);
  for (const id of stateChanging) expect(run.stdout).toContain(id);
  expect(run.stdout).toMatch(/TXC_API_SECRET=\.\.\. txc-api mcp --base-url/);
});
