import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { STUCK_MS } from "./project.js";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type Started = { process: ChildProcess; output: () => string; stop: () => Promise<number | null> };

/** Starts a command and waits until `ready()` resolves true, failing with its output if it exits first. */
export async function startProcess(
  command: string,
  args: string[],
  ready: () => Promise<boolean>,
  { timeoutMs = STUCK_MS, cwd, env = {} }: { timeoutMs?: number; cwd?: string; env?: Record<string, string> } = {},
): Promise<Started> {
  const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1", ...env } });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    return exited;
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}:\n${output}`);
    if (await ready().catch(() => false)) return { process: child, output: () => output, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`${command} was not ready within ${timeoutMs} ms:\n${output}`);
}

/** Waits until a started process has written a line matching `pattern` (output reaches us after its answers may). */
export async function outputMatching(started: Started, pattern: RegExp, timeoutMs = STUCK_MS): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const look = () => {
      if (pattern.test(started.output())) return done(() => resolve(started.output()));
      if (Date.now() > deadline) return done(() => reject(new Error(`no output matching ${pattern} within ${timeoutMs} ms:\n${started.output()}`)));
    };
    const done = (settle: () => void) => {
      started.process.stdout!.off("data", look);
      started.process.stderr!.off("data", look);
      clearInterval(timer);
      settle();
    };
    const timer = setInterval(look, 1_000);
    started.process.stdout!.on("data", look);
    started.process.stderr!.on("data", look);
    look();
  });
}
