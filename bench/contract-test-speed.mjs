// contract-test against the sandbox, side by side with the raw request rate of this machine
// against the same sandbox for the same requests: each signed by hand and sent over a keep-alive
// undici pool, the answer read but not judged. Both keep the same nonce rule (Unix ms, +1 when the
// clock has not moved, the run over only once the clock has passed the last nonce), at the same
// concurrency with one key per request in flight. The sandbox runs in its own process (rate limits
// off, the partner account given one key per lane), so that neither contender shares its CPU.
import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Agent, request } from "undici";
import { buildCases, planContext } from "../dist/contract/plan.js";
import { DEFAULT_CHECKS } from "../dist/contract/checks/registry.js";
import { operationIds } from "../generated/operations.js";
import { builtInDataset, demoKeys } from "../dist/sandbox/dataset.js";
import { median } from "./measure.mjs";

const cli = new URL("../dist/bundle/cli.js", import.meta.url).pathname;

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** The partner account with `lanes` keys, written where the sandbox and the tester can read it. */
function filesFor(lanes) {
  const dir = mkdtempSync(path.join(tmpdir(), "txc-bench-tester-"));
  const keys = Array.from({ length: lanes }, (_, i) => ({ key: `${demoKeys.partner.key}-${i}`, secret: `${demoKeys.partner.secret}-${i}` }));
  const dataset = builtInDataset();
  dataset.accounts.find((account) => account.apiKeys.some((k) => k.key === demoKeys.partner.key)).apiKeys.push(...keys);
  writeFileSync(path.join(dir, "dataset.json"), JSON.stringify(dataset));
  writeFileSync(path.join(dir, "keys.json"), JSON.stringify(keys.map(({ key, secret }) => ({ apiKey: key, apiSecret: secret }))));
  return { dir, keys, dataset: path.join(dir, "dataset.json"), keysFile: path.join(dir, "keys.json") };
}

async function startSandbox(dataset) {
  const port = await freePort();
  const child = spawn(process.execPath, [cli, "serve", "--port", String(port), "--no-rate-limits", "--data", dataset], { stdio: "ignore" });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${baseUrl}/api/v4/public/ping`).then((r) => r.ok, () => false)) return { baseUrl, stop: () => child.kill("SIGTERM") };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error("the sandbox did not start");
}

/** The whole contract-test command as users run it; its own count of requests and time from its JUnit report. */
function testerRun(baseUrl, examplesPerOperation, files, lanes) {
  return new Promise((resolve, reject) => {
    const junit = path.join(files.dir, "report.xml");
    const args = ["contract-test", "--base-url", baseUrl, "--examples-per-operation", String(examplesPerOperation), "--no-pacing", "--junit", junit, "--keys", files.keysFile, "--concurrency", String(lanes)];
    const child = spawn(process.execPath, [cli, ...args], { stdio: ["ignore", "pipe", "ignore"] });
    const started = process.hrtime.bigint();
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => {
      const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      const requests = Number(/; (\d+) requests in/.exec(output)?.[1]);
      const seconds = Number(/<testsuites [^>]* time="([\d.]+)"/.exec(readFileSync(junit, "utf8"))?.[1]);
      if (code !== 0 || !requests || !seconds) return reject(new Error(`contract-test did not pass the sandbox (exit ${code}):\n${output.slice(-2000)}`));
      resolve({ requests, rps: requests / seconds, wallSeconds });
    });
  });
}

/** Unix ms, or the last + 1 when the clock has not moved: the tester's rule, per key. */
function msNonces() {
  let last = 0;
  return { next: () => String((last = Math.max(Date.now(), last + 1))), lead: () => Math.max(0, last - Date.now()) };
}

/** The very requests the tester plans (same seed and checks), signed by hand, `lanes` in flight. */
async function rawRun(baseUrl, examplesPerOperation, keys) {
  const plan = planContext({ operations: operationIds, checks: new Set(DEFAULT_CHECKS), includeMutations: false, seed: 1, examplesPerOperation });
  const cases = buildCases(plan);
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  const started = process.hrtime.bigint();
  let next = 0;
  const nonces = keys.map(() => msNonces());
  await Promise.all(keys.map(async ({ key, secret }, lane) => {
    while (next < cases.length) {
      const c = cases[next++];
      let headers;
      let body;
      if (c.fields) {
        body = JSON.stringify({ request: c.path, nonce: nonces[lane].next(), ...c.fields });
        const payload = Buffer.from(body).toString("base64");
        headers = { "Content-Type": "application/json", "X-TXC-APIKEY": key, "X-TXC-PAYLOAD": payload, "X-TXC-SIGNATURE": createHmac("sha512", secret).update(payload).digest("hex") };
      }
      const response = await request(baseUrl + c.path, { method: c.method, body, headers, dispatcher });
      const text = await response.body.text();
      try {
        JSON.parse(text);
      } catch {}
    }
  }));
  await new Promise((resolve) => setTimeout(resolve, Math.max(...nonces.map((n) => n.lead())) + 1));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await dispatcher.close();
  return { rps: cases.length / seconds };
}

const spread = (values) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });

/** Rounds alternate the two contenders, each against a fresh sandbox (fresh nonces and pages). */
export async function contractTestSpeed({ examplesPerOperation = 1000, rounds = 3, lanes = 4 } = {}) {
  const files = filesFor(lanes);
  const tester = [];
  const raw = [];
  let last;
  try {
    for (let round = 0; round < rounds; round++) {
      const sandbox = await startSandbox(files.dataset);
      try {
        last = await testerRun(sandbox.baseUrl, examplesPerOperation, files, lanes);
        tester.push(last.rps);
      } finally {
        sandbox.stop();
      }
      const rawSandbox = await startSandbox(files.dataset);
      try {
        raw.push((await rawRun(rawSandbox.baseUrl, examplesPerOperation, files.keys)).rps);
      } finally {
        rawSandbox.stop();
      }
    }
  } finally {
    rmSync(files.dir, { recursive: true, force: true });
  }
  return { lanes, seconds: last.wallSeconds, requests: last.requests, tester: spread(tester), raw: spread(raw), ratio: median(tester) / median(raw) };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await contractTestSpeed(), null, 2));
