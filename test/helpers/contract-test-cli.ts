import { execFile } from "node:child_process";
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
