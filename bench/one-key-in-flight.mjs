// One key with 32 calls in flight against 32 keys with 32 in flight, both against the real
// sandbox (strict nonces, rate limits off) with a dataset of 32 keys of one account: what keeping
// one key's nonces in order (one pipelined connection per key) costs in calls per second.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "../dist/bundle/index.js";
import { builtInDataset } from "../dist/sandbox/dataset.js";
import { wireContest } from "./measure.mjs";

const KEYS = 32;

export async function oneKeyInFlight() {
  const folder = mkdtempSync(path.join(tmpdir(), "txc-bench-keys-"));
  const dataset = builtInDataset();
  const keys = Array.from({ length: KEYS }, (_, i) => ({ key: `bench-key-${i}`, secret: `bench-secret-${i}` }));
  dataset.accounts[0].apiKeys.push(...keys);
  const dataFile = path.join(folder, "dataset.json");
  writeFileSync(dataFile, JSON.stringify(dataset));
  const cli = new URL("../dist/bundle/cli.js", import.meta.url).pathname;
  const server = spawn(process.execPath, [cli, "serve", "--port", "0", "--data", dataFile, "--no-rate-limits"], { stdio: ["ignore", "pipe", "inherit"] });
  try {
    const baseUrl = await new Promise((resolve, reject) => {
      server.once("exit", (code) => reject(new Error(`the sandbox exited with ${code}`)));
      server.stdout.on("data", (chunk) => {
        const found = /API\s+(http:\/\/\S+?)\/api\/v4\//.exec(String(chunk));
        if (found) resolve(found[1]);
      });
    });
    const clients = keys.map(({ key, secret }) => createClient({ baseUrl, apiKey: key, apiSecret: secret, retry: false }));
    let next = 0;
    const refused = { oneKey: 0, manyKeys: 0 };
    const counted = (name, call) => () => call().catch(() => refused[name]++);
    const results = await wireContest({
      oneKey: counted("oneKey", () => clients[0].getMainBalance({ ticker: "BTC" })),
      manyKeys: counted("manyKeys", () => clients[next++ % KEYS].getMainBalance({ ticker: "BTC" })),
    }, { rounds: 7, callsPerRound: 2000, concurrency: 32 });
    return { ...results, refused };
  } finally {
    server.kill("SIGTERM");
    rmSync(folder, { recursive: true, force: true });
  }
}
