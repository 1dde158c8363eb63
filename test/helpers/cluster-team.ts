// The cluster fixture (test/server/fixtures/cluster-team.mjs) started on a free port: two worker
// processes behind one address, as a team deploys the kit, over a Redis the test started.
import path from "node:path";
import { operationIndex } from "../../generated/operations.js";
import { freePort, outputMatching, startProcess, type Started } from "./processes.js";
import { root } from "./project.js";

export type Key = { apiKey: string; apiSecret: string };
export type Code = { code: string; ticker: string; amount: string };
export type ClusterTeam = Started & { baseUrl: string };
export type Plant = "none" | "codes-per-process" | "nonces-per-process";

export const teamKeys = (count: number): Key[] => Array.from({ length: count }, (_, i) => ({ apiKey: `team-key-${i}`, apiSecret: `team-secret-${i}` }));
export const teamCodes = (count: number, prefix: string): Code[] => Array.from({ length: count }, (_, i) => ({ code: `${prefix}-${i}`, ticker: i % 2 ? "USDT" : "BTC", amount: i % 2 ? "25" : "0.00012345" }));

/** Starts the cluster and waits until both workers listen and the ping answers. */
export async function startClusterTeam({ redisUrl, keys, codes, plant = "none", env = {} }: { redisUrl: string; keys: Key[]; codes: Code[]; plant?: Plant; env?: Record<string, string> }): Promise<ClusterTeam> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = await startProcess(process.execPath, [path.join(root, "test/server/fixtures/cluster-team.mjs")], async () => (await fetch(`${baseUrl}${operationIndex.ping.path}`)).ok, {
    env: { PORT: String(port), REDIS_URL: redisUrl, KEYS: JSON.stringify(keys), CODES: JSON.stringify(codes), PLANT: plant, WORKERS: "2", ...env },
  });
  await outputMatching(started, /listening with 2 workers/);
  return { ...started, baseUrl };
}
