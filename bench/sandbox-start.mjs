// startSandbox() + close() in this process against spawning `txc-api serve` until it answers, in
// alternating rounds; then 200 start/close cycles, with the heap and the open handles before and after.
import { spawn } from "node:child_process";
import { startSandbox } from "../dist/bundle/sandbox.js";
import { median, pairedRatio } from "./measure.mjs";

const cli = new URL("../dist/bundle/cli.js", import.meta.url).pathname;

async function spawnedServe() {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, "serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`txc-api serve exited with ${code}`)));
    child.stdout.on("data", (chunk) => /API\s+http:/.test(String(chunk)) && resolve());
  });
  const ms = performance.now() - started;
  child.removeAllListeners("exit");
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("close", resolve));
  return ms;
}

async function inProcess() {
  const started = performance.now();
  const sandbox = await startSandbox();
  await sandbox.close();
  return performance.now() - started;
}

const handles = () => process.getActiveResourcesInfo().filter((kind) => kind !== "TTYWrap").length;

export async function sandboxStart() {
  const rounds = { inProcess: [], spawned: [] };
  await inProcess(); // warm-up: the dataset and the pages' first load
  for (let round = 0; round < 9; round++) {
    rounds.spawned.push(await spawnedServe());
    rounds.inProcess.push(await inProcess());
  }
  global.gc?.();
  const before = { heap: process.memoryUsage().heapUsed, handles: handles() };
  for (let i = 0; i < 200; i++) await inProcess();
  await new Promise((resolve) => setTimeout(resolve, 50));
  global.gc?.();
  const after = { heap: process.memoryUsage().heapUsed, handles: handles() };
  return {
    ratio: pairedRatio(rounds.inProcess, rounds.spawned),
    inProcessMs: median(rounds.inProcess),
    spawnedMs: median(rounds.spawned),
    cycles: { heapGrowthBytes: after.heap - before.heap, handlesBefore: before.handles, handlesAfter: after.handles, gc: typeof global.gc === "function" },
  };
}
