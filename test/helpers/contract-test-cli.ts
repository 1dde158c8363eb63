import { execFile, spawn } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { root, STUCK_MS } from "./project.js";

export const cli = path.join(root, "dist", "bundle", "cli.js");

/**
 * Runs `txc-api contract-test` as a user does, as a process of its own (so that it never blocks
 * the servers this process holds), signed with `key` unless `more` sets the environment otherwise.
 */
export async function contractTest(args: string[], key: { key: string; secret: string } = demoKeys.partner, more: Record<string, string> = {}) {
  const env = { ...process.env, TXC_API_KEY: key.key, TXC_API_SECRET: key.secret, ...more };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [cli, "contract-test", ...args], { env, maxBuffer: 32 * 1024 * 1024, timeout: STUCK_MS });
    return { code: 0, stdout, stderr };
  } catch (error: any) {
    return { code: error.code as number, stdout: error.stdout as string, stderr: error.stderr as string };
  }
}

/**
 * `txc-api proxy ARGS` as a user runs it, until SIGTERM: `traffic` is given its URL once it says
 * it listens; then its whole output and exit status.
 */
export async function proxyCommand(args: string[], env: NodeJS.ProcessEnv, traffic: (url: string) => Promise<void>): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, [cli, "proxy", ...args], { env });
  let stdout = "";
  const url = await new Promise<string>((resolve) => child.stdout.on("data", (chunk) => {
    stdout += chunk;
    const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
    if (found) resolve(found[1]!);
  }));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  await traffic(url);
  child.kill("SIGTERM");
  return { code: await exited, stdout };
}
