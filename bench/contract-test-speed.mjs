// contract-test against the sandbox, side by side with the raw request rate of this machine
// against the same sandbox: hand-signed undici.request calls, one in flight as the tester's default.
// The sandbox runs in its own process (rate limits off), so that neither contender shares its CPU.
import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { createServer } from "node:net";
import { Agent, request } from "undici";
import { demoKeys } from "../dist/sandbox/dataset.js";
import { median } from "./measure.mjs";

const cli = new URL("../dist/cli/main.js", import.meta.url).pathname;
const { key, secret } = demoKeys.partner;
const balancePath = "/api/v4/main-account/balance";

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function startSandbox() {
  const port = await freePort();
  const child = spawn(process.execPath, [cli, "serve", "--port", String(port), "--no-rate-limits"], { stdio: "ignore" });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${baseUrl}/api/v4/public/ping`).then((r) => r.ok, () => false)) return { baseUrl, stop: () => child.kill("SIGTERM") };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error("the sandbox did not start");
}

/** The whole contract-test command; its own count of requests and time from its NDJSON summary. */
function testerRun(baseUrl, examplesPerOperation) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "contract-test", "--base-url", baseUrl, "--examples-per-operation", String(examplesPerOperation), "--no-pacing", "--json", "-"], {
      env: { ...process.env, TXC_API_KEY: key, TXC_API_SECRET: secret },
      stdio: ["ignore", "pipe", "ignore"],
    });
    const started = process.hrtime.bigint();
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => {
      const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      const last = JSON.parse(output.trim().split("\n").at(-1));
      if (code !== 0 || !last.summary) return reject(new Error(`contract-test did not pass the sandbox (exit ${code})`));
      resolve({ requests: last.requests, rps: last.requests / (last.durationMs / 1000), wallSeconds });
    });
  });
}

/** The same machine's raw rate: signed balance calls over a keep-alive undici pool, one in flight. */
async function rawRun(baseUrl, calls) {
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  let nonce = Date.now() * 1000;
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) {
    const body = JSON.stringify({ request: balancePath, nonce: String(++nonce), ticker: "BTC" });
    const payload = Buffer.from(body).toString("base64");
    const signature = createHmac("sha512", secret).update(payload).digest("hex");
    const response = await request(baseUrl + balancePath, {
      method: "POST", body, dispatcher,
      headers: { "Content-Type": "application/json", "X-TXC-APIKEY": key, "X-TXC-PAYLOAD": payload, "X-TXC-SIGNATURE": signature },
    });
    await response.body.json();
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await dispatcher.close();
  return { rps: calls / seconds };
}

const spread = (values) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });

/**
 * Rounds alternate the two contenders against one sandbox; a fresh sandbox per round keeps the
 * raw loop's nonces (microseconds) from running ahead of the tester's (milliseconds).
 */
export async function contractTestSpeed({ examplesPerOperation = 1000, rounds = 3 } = {}) {
  const tester = [];
  const raw = [];
  let last;
  for (let round = 0; round < rounds; round++) {
    const sandbox = await startSandbox();
    try {
      last = await testerRun(sandbox.baseUrl, examplesPerOperation);
      tester.push(last.rps);
    } finally {
      sandbox.stop();
    }
    const rawSandbox = await startSandbox();
    try {
      raw.push((await rawRun(rawSandbox.baseUrl, 3000)).rps);
    } finally {
      rawSandbox.stop();
    }
  }
  return { seconds: last.wallSeconds, requests: last.requests, tester: spread(tester), raw: spread(raw), ratio: median(tester) / median(raw) };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await contractTestSpeed(), null, 2));
