// What the once-only claim costs (the document's x-once-per, on applyCode), side by side in one
// run: the Redis round trips a request of the kit on redisStores makes (INFO commandstats), and the
// server CPU per request of the kit, applyCode with its claim against the balance and against a
// signature-checking node:http server answering the same requests (each code once), 32 in flight,
// the contenders in random order each round.
import { spawn } from "node:child_process";
import { Redis } from "ioredis";
import { operationIndex } from "../generated/operations.js";
import { pairedRatio, shuffled } from "./measure.mjs";
import { caller, freePort, round, startServer } from "./sandbox-floor.mjs";

let codes = 0;
const applyCall = (baseUrl) => caller(baseUrl, { path: operationIndex.applyCode.path, fields: () => ({ code: `BENCH-${process.pid}-${++codes}` }) });

async function startRedis() {
  const port = await freePort();
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "ignore"] });
  await new Promise((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk).includes("Ready to accept connections") && resolve());
    child.once("exit", (code) => reject(new Error(`bench/claim-cost.mjs: redis-server exited with ${code}`)));
  });
  return { port, stop: () => child.kill("SIGTERM") };
}

/** EVAL calls per request of `calls` requests sent by `call` (the kit's stores make one EVAL a check). */
async function evalsPerRequest(admin, server, call, calls) {
  await admin.config("RESETSTAT");
  await round(server, call, calls);
  const stats = await admin.info("commandstats");
  return Number(/cmdstat_eval:calls=(\d+)/.exec(stats)?.[1] ?? 0) / calls;
}

export async function claimCost({ rounds = 15, calls = 3000 } = {}) {
  const redis = await startRedis();
  process.env.REDIS_PORT = String(redis.port);
  const servers = await Promise.all(["kit", "kit-without-claims", "signature-checking", "kit-on-redis"].map(startServer));
  const [kit, unclaimed, bare, onRedis] = servers;
  const admin = new Redis(redis.port);
  try {
    const roundTrips = {
      balance: await evalsPerRequest(admin, onRedis, caller(onRedis.baseUrl), 1000),
      applyCode: await evalsPerRequest(admin, onRedis, applyCall(onRedis.baseUrl), 1000),
    };
    const contenders = [
      { name: "kit applyCode (claim in memory)", server: kit, call: applyCall(kit.baseUrl) },
      { name: "kit applyCode without the claim", server: unclaimed, call: applyCall(unclaimed.baseUrl) },
      { name: "kit getMainBalance", server: kit, call: caller(kit.baseUrl) },
      { name: "signature-checking node:http", server: bare, call: caller(bare.baseUrl) },
      // Like with like: the same applyCode requests, each code taken once in a Set of the bare server's.
      { name: "signature-checking node:http applyCode", server: bare, call: applyCall(bare.baseUrl) },
    ];
    for (const { server, call } of contenders) await round(server, call, 1000); // warm-up
    const cpu = Object.fromEntries(contenders.map(({ name }) => [name, []]));
    for (let i = 0; i < rounds; i++) {
      for (const { name, server, call } of shuffled(contenders)) cpu[name].push((await round(server, call, calls)).cpuMicrosPerRequest);
    }
    return {
      roundTrips,
      claimRoundTrips: roundTrips.applyCode - roundTrips.balance,
      claimCpu: pairedRatio(cpu["kit applyCode (claim in memory)"], cpu["kit applyCode without the claim"]),
      applyVsBalanceCpu: pairedRatio(cpu["kit applyCode (claim in memory)"], cpu["kit getMainBalance"]),
      balanceVsSignatureCheckingCpu: pairedRatio(cpu["kit getMainBalance"], cpu["signature-checking node:http"]),
      applyVsSignatureCheckingCpu: pairedRatio(cpu["kit applyCode (claim in memory)"], cpu["signature-checking node:http applyCode"]),
    };
  } finally {
    admin.disconnect();
    servers.forEach((server) => server.stop());
    redis.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { roundTrips, claimRoundTrips, claimCpu, applyVsBalanceCpu, applyVsSignatureCheckingCpu, balanceVsSignatureCheckingCpu } = await claimCost();
  const ratio = ({ median, min, max }) => `${median.toFixed(3)}x (${min.toFixed(3)}-${max.toFixed(3)})`;
  console.log(`Redis round trips per request: getMainBalance ${roundTrips.balance.toFixed(2)}, applyCode ${roundTrips.applyCode.toFixed(2)}: the claim ${claimRoundTrips.toFixed(2)}`);
  console.log(`kit CPU per request: applyCode with its claim ${ratio(claimCpu)} the same without it, ${ratio(applyVsBalanceCpu)} the balance, ${ratio(applyVsSignatureCheckingCpu)} a signature-checking node:http server (the balance: ${ratio(balanceVsSignatureCheckingCpu)})`);
}
