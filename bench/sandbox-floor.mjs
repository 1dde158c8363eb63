// The sandbox against the floor of a server that does its job: a bare node:http server checking
// the signature as the sandbox does (and one that checks nothing), each in its own process, the
// same signed balance requests sent to each, 32 in flight, servers in random order each round.
// Server CPU per request comes from the server process itself; p99 is the callers' latency.
import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { Agent, request } from "undici";
import { CALLER_KEYS } from "./bench-servers.mjs";
import { shuffled, spread } from "./measure.mjs";

const IN_FLIGHT = 32;
const path = "/api/v4/main-account/balance";

export async function freePort() {
  const { createServer } = await import("node:net");
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** `txc-api mock`: Prism on the bundled document, ready once it answers the ping. */
async function startPrism() {
  const port = await freePort();
  const child = spawn(process.execPath, [new URL("../dist/bundle/cli.js", import.meta.url).pathname, "mock", "--port", String(port)], { stdio: "ignore" });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (await fetch(`${baseUrl}/api/v4/public/ping`).then((r) => r.ok, () => false)) return { kind: "prism", baseUrl, cpuMicros: async () => 0, stop: () => child.kill("SIGTERM") };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error("bench/sandbox-floor.mjs: Prism did not start");
}

export async function startServer(kind) {
  const child = spawn(process.execPath, [new URL("./bench-servers.mjs", import.meta.url).pathname, kind], { stdio: ["ignore", "pipe", "inherit", "ipc"] });
  const port = await new Promise((resolve) => child.stdout.once("data", (chunk) => resolve(Number(String(chunk).trim()))));
  const cpuMicros = () => new Promise((resolve) => {
    child.once("message", ({ user, system }) => resolve(user + system));
    child.send("cpu");
  });
  return { kind, baseUrl: `http://127.0.0.1:${port}`, cpuMicros, stop: () => child.kill("SIGTERM") };
}

// One nonce sequence per key for every caller: two callers of one server never go back.
const identities = CALLER_KEYS.map((k) => ({ ...k, nonce: Date.now() * 1000 }));

/**
 * Signed calls (the balance, unless told), one key per caller in flight so that each key's nonces arrive in order.
 * @param {string} baseUrl
 * @param {{ path?: string, fields?: () => Record<string, unknown> }} [options]
 */
export function caller(baseUrl, { path: called = path, fields = () => ({ ticker: "BTC" }) } = {}) {
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  return async (slot) => {
    const identity = identities[slot];
    const body = JSON.stringify({ request: called, nonce: String(++identity.nonce), ...fields() });
    const payload = Buffer.from(body).toString("base64");
    const signature = createHmac("sha512", identity.secret).update(payload).digest("hex");
    const headers = { "Content-Type": "application/json", "X-TXC-APIKEY": identity.key, "X-TXC-PAYLOAD": payload, "X-TXC-SIGNATURE": signature };
    const response = await request(baseUrl + called, { method: "POST", headers, body, dispatcher });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`bench/sandbox-floor.mjs: ${baseUrl} answered ${response.statusCode} ${text.slice(0, 200)}`);
  };
}

export async function round(server, call, calls) {
  const latencies = [];
  let next = 0;
  const cpuBefore = await server.cpuMicros();
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: IN_FLIGHT }, async (_, slot) => {
    while (next++ < calls) {
      const sent = process.hrtime.bigint();
      await call(slot);
      latencies.push(Number(process.hrtime.bigint() - sent) / 1000);
    }
  }));
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = (await server.cpuMicros()) - cpuBefore;
  latencies.sort((a, b) => a - b);
  return { rps: calls / seconds, cpuMicrosPerRequest: cpu / calls, p99Micros: latencies[Math.floor(latencies.length * 0.99)] };
}

/**
 * rps, server CPU per request and p99 of each server: the median and the spread over rounds.
 * With `prism`, Prism too (its rps only: it runs in processes of its own making). 15 rounds: with
 * 7, single rounds ranged from 0.7x to 1.9x on the shared 2-core machines, and the median moved by
 * more than the goals' margins from one run to the next.
 */
export async function sandboxFloor({ rounds = 15, calls = 3000, prism = false } = {}) {
  const servers = await Promise.all(["sandbox", "kit", "kit-unchecked-answers", "signature-checking", "bare"].map(startServer));
  if (prism) servers.push(await startPrism());
  try {
    const callers = new Map(servers.map((server) => [server.kind, caller(server.baseUrl)]));
    for (const server of servers) await round(server, callers.get(server.kind), 1000); // warm-up
    const samples = Object.fromEntries(servers.map((server) => [server.kind, []]));
    for (let i = 0; i < rounds; i++) {
      for (const server of shuffled(servers)) samples[server.kind].push(await round(server, callers.get(server.kind), calls));
    }
    return Object.fromEntries(Object.entries(samples).map(([kind, list]) => [kind, {
      rps: spread(list.map((s) => s.rps)), cpuMicrosPerRequest: spread(list.map((s) => s.cpuMicrosPerRequest)), p99Micros: spread(list.map((s) => s.p99Micros)),
      rounds: { rps: list.map((s) => s.rps), cpu: list.map((s) => s.cpuMicrosPerRequest), p99: list.map((s) => s.p99Micros) },
    }]));
  } finally {
    servers.forEach((server) => server.stop());
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await sandboxFloor();
  for (const [kind, { rps, cpuMicrosPerRequest, p99Micros }] of Object.entries(result)) {
    console.log(`${kind.padEnd(20)} ${rps.median.toFixed(0)} req/s  ${cpuMicrosPerRequest.median.toFixed(1)} µs CPU/request  p99 ${p99Micros.median.toFixed(0)} µs`);
  }
  for (const kind of ["sandbox", "kit", "kit-unchecked-answers"]) console.log(`${kind} / signature-checking: CPU ${(result[kind].cpuMicrosPerRequest.median / result["signature-checking"].cpuMicrosPerRequest.median).toFixed(2)}x, req/s ${(result[kind].rps.median / result["signature-checking"].rps.median).toFixed(2)}x, p99 ${(result[kind].p99Micros.median / result["signature-checking"].p99Micros.median).toFixed(2)}x`);
}
