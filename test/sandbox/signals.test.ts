// Stopped by any signal, as CI scripts send them: SIGTERM to the npm process alone (`kill $!`
// after `npm start &`), SIGTERM or SIGINT to `txc-api serve` itself. The port is free within 5 s
// and no process of the sandbox is left.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "../helpers/processes.js";
import { root, STUCK_MS } from "../helpers/project.js";

const cli = path.join(root, "dist", "bundle", "cli.js");

/** Polls until `check` holds, at most `ms`: the condition itself, not a sleep standing for it. */
async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

const answers = (port: number) => fetch(`http://127.0.0.1:${port}/api/v4/public/ping`).then((r) => r.ok, () => false);
/** The processes whose command line names this port: the sandbox and whatever started it (npm's own, start.mjs). */
const leftOver = (port: number) =>
  execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" }).split("\n").filter((line) => line.includes(`--port ${port}`));

async function started(command: string, args: string[], port: number): Promise<ChildProcess> {
  const child = spawn(command, args, { cwd: root, stdio: "ignore", env: { ...process.env, NO_COLOR: "1" } });
  expect(await until(() => answers(port), STUCK_MS)).toBe(true);
  return child;
}

describe("the sandbox stops on a signal and frees its port", () => {
  it("SIGTERM to npm alone, as `npm start & ... kill $!` sends it: the sandbox stops, nothing is left", async () => {
    const port = await freePort();
    const npm = await started("npm", ["start", "--", "--port", String(port)], port);
    npm.kill("SIGTERM");
    expect(await until(async () => !(await answers(port)), 5_000)).toBe(true);
    expect(await until(async () => leftOver(port).length === 0, 5_000), leftOver(port).join("\n")).toBe(true);
  });

  it.each(["SIGTERM", "SIGINT"] as const)("%s to `node dist/bundle/cli.js serve`: it stops with exit 0", async (signal) => {
    const port = await freePort();
    const serve = await started(process.execPath, [cli, "serve", "--port", String(port)], port);
    const exited = new Promise<number | null>((resolve) => serve.once("exit", resolve));
    serve.kill(signal);
    expect(await exited).toBe(0);
    expect(await answers(port)).toBe(false);
  });
});
