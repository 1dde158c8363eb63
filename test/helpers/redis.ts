// A real redis-server for a test, started in the foreground on a free port and stopped by the test.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { freePort } from "./processes.js";
import { STUCK_MS } from "./project.js";

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
  /** Kills it with SIGKILL (a primary that dies): nothing it had not passed on survives. */
  kill(): Promise<void>;
};

/** Resolves once redis-server accepts connections on `port`; without `persist`, nothing is saved (as in the restart). */
function spawnRedis(port: number, dir: string, persist: boolean, extra: string[] = []): Promise<ChildProcess> {
  const persistence = persist ? ["--appendonly", "yes"] : ["--save", "", "--appendonly", "no"];
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--repl-diskless-sync-delay", "0", ...persistence, ...extra], { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk) => {
      output += chunk;
      if (output.includes("Ready to accept connections")) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
}
const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;
const stopChild = (child: ChildProcess) => new Promise<void>((resolve) => (exited(child) ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGTERM"))));

/** `replicaOf`: the port of a primary this one replicates. */
export async function startRedis({ persist = false, replicaOf }: { persist?: boolean; replicaOf?: number } = {}): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "txc-redis-"));
  const extra = replicaOf === undefined ? [] : ["--replicaof", "127.0.0.1", String(replicaOf)];
  let child = await spawnRedis(port, dir, persist, extra);
  return {
    port,
    async kill() {
      const gone = new Promise<void>((resolve) => (exited(child) ? resolve() : child.once("exit", () => resolve())));
      child.kill("SIGKILL");
      await gone;
    },
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
    pause: () => stopChild(child),
    async resume() {
      child = await spawnRedis(port, dir, persist, extra);
    },
    async flush() {
      const admin = new Redis(port, { lazyConnect: true });
      await admin.connect();
      await admin.flushall();
      await admin.quit();
    },
  };
}

/** Polls `ready` every 50 ms until it is true or STUCK_MS have passed. */
async function until(what: string, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + STUCK_MS;
  while (!(await ready().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${STUCK_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Asks the server on `port` one command on a connection of its own. */
export async function ask(port: number, ...command: (string | number)[]): Promise<unknown> {
  const admin = new Redis(port, { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await admin.connect();
    return await admin.call(String(command[0]), ...command.slice(1));
  } finally {
    admin.disconnect();
  }
}

/** Resolves once the replica on `port` has its link to the primary up, and the primary (on `primaryPort`) counts it online, so that WAIT hears it. */
export async function replicaSynced(port: number, primaryPort: number): Promise<void> {
  await until(`the replica on ${port} synced`, async () => /master_link_status:up/.test(String(await ask(port, "INFO", "replication"))));
  await until(`the primary on ${primaryPort} counting its replica online`, async () => /slave0:.*state=online/.test(String(await ask(primaryPort, "INFO", "replication"))));
}

export type RedisCluster = { ports: number[]; stop(): Promise<void> };

/** A Redis Cluster of `primaries` nodes, no replicas, its slots spread by redis-cli; resolves once every node says cluster_state:ok. */
export async function startRedisCluster(primaries = 3): Promise<RedisCluster> {
  const nodes: { port: number; dir: string; child: ChildProcess }[] = [];
  const stop = async () => {
    for (const node of nodes) {
      await stopChild(node.child);
      rmSync(node.dir, { recursive: true, force: true });
    }
  };
  try {
    for (let i = 0; i < primaries; i++) {
      const port = await freePort();
      // The cluster bus port defaults to port + 10000, which lands in the kernel's ephemeral range
      // (where another test's outgoing connection may hold it): take it from this worker's block too.
      const busPort = await freePort();
      const dir = mkdtempSync(path.join(tmpdir(), "txc-redis-cluster-"));
      const clusterOptions = ["--cluster-enabled", "yes", "--cluster-port", String(busPort), "--cluster-config-file", path.join(dir, "nodes.conf"), "--cluster-node-timeout", "2000"];
      nodes.push({ port, dir, child: await spawnRedis(port, dir, false, clusterOptions) });
    }
    execFileSync("redis-cli", ["--cluster", "create", ...nodes.map((node) => `127.0.0.1:${node.port}`), "--cluster-replicas", "0", "--cluster-yes"], { stdio: "pipe", timeout: STUCK_MS });
    for (const node of nodes) await until(`cluster node ${node.port} ready`, async () => /cluster_state:ok/.test(String(await ask(node.port, "CLUSTER", "INFO"))));
  } catch (error) {
    await stop();
    throw error;
  }
  return { ports: nodes.map((node) => node.port), stop };
}
