import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { STUCK_MS } from "./project.js";

/**
 * A port nothing listens on, for a process a test starts. Each vitest worker hands out its own
 * block below the kernel's ephemeral range (32768 and up on Linux): a port the kernel gave
 * us and we closed could otherwise be given to another worker's `listen(0)` before our process
 * binds it, and that process would answer our readiness check in its place.
 */
const BLOCK_SIZE = 1_500;
const FIRST_PORT = 20_000;
const workerBlock = FIRST_PORT + (Number(process.env.VITEST_POOL_ID ?? 0) % 8) * BLOCK_SIZE;
// A random start, so that two suites run side by side on one machine rarely meet either.
let nextInBlock = Math.floor(Math.random() * BLOCK_SIZE);

export async function freePort(): Promise<number> {
  for (let tries = 0; tries < BLOCK_SIZE; tries++) {
    const port = workerBlock + (nextInBlock++ % BLOCK_SIZE);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${workerBlock}-${workerBlock + BLOCK_SIZE - 1}`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
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
