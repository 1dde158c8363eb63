// A real redis-server for a test, started in the foreground on a free port and stopped by the test.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { freePort } from "./processes.js";

export type RedisServer = {
  port: number;
  url: string;
  /** Stops the process, as an outage does; `resume` starts it again on the same port. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Forgets every key, as a restart without persistence does. */
  flush(): Promise<void>;
  /** Stops it for good and removes its folder. */
  stop(): Promise<void>;
};

/** Resolves once redis-server accepts connections on `port`; without `persist`, nothing is saved (as in the restart). */
function spawnRedis(port: number, dir: string, persist: boolean): Promise<ChildProcess> {
  const persistence = persist ? ["--appendonly", "yes", "--dir", dir] : ["--save", "", "--appendonly", "no"];
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", ...persistence], { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk) => {
      output += chunk;
      if (output.includes("Ready to accept connections")) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
}
const stopChild = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGTERM"))));

export async function startRedis({ persist = false } = {}): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "txc-redis-"));
  let child = await spawnRedis(port, dir, persist);
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
    pause: () => stopChild(child),
    async resume() {
      child = await spawnRedis(port, dir, persist);
    },
    async flush() {
      const admin = new Redis(port, { lazyConnect: true });
      await admin.connect();
      await admin.flushall();
      await admin.quit();
    },
  };
}
