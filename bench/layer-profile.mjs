// Where the time of a call goes at 32 in flight on one key, layer by layer: a V8 CPU profile
// (node:inspector) of the client's loop and of the hand-signed undici.request's, taken in the same
// run against the loopback server, each sample given to the layer of the code it was in. The
// client is loaded from dist/ as compiled (not the bundle), so that a sample's file names its layer.
// A sample is the main thread's time, not the process's CPU: the time in a socket write counts
// the kernel's loopback delivery and the server's wake-up, most of which the process's CPU does not
// (softirq, the VM's exits). So layers are µs of thread time per call, and the CPU the process was
// charged (user, system) is measured on an unprofiled pass of the same loop and shown beside them.
import { createHmac } from "node:crypto";
import { Session } from "node:inspector/promises";
import { Client, request } from "undici";
import { createClient } from "../dist/index.js";

const apiKey = "profile-key";
const apiSecret = "profile-secret";
const path = "/api/v4/main-account/balance";

/** The layer of a sample, by the function V8 names and the file it is in. */
const LAYERS = [
  ["socket writes (writev)", ({ functionName, url }) => !url && functionName === "writev"],
  ["garbage collection", ({ functionName }) => functionName === "(garbage collector)"],
  ["not running (idle, program)", ({ functionName }) => functionName === "(idle)" || functionName === "(program)"],
  ["HMAC and hashing (node:crypto)", ({ url }) => url.startsWith("node:internal/crypto")],
  ["undici", ({ url }) => url.includes("/node_modules/undici/")],
  ["the client's operation call (client/)", ({ url }) => url.includes("/dist/client/")],
  ["the client's signing (signing/)", ({ url }) => url.includes("/dist/signing/")],
  ["validation (validation/, generated validators)", ({ url }) => url.includes("/dist/validation/") || url.includes("/generated/validators/")],
  ["the client's transport (transport/)", ({ url }) => url.includes("/dist/transport/")],
  ["the client's other modules", ({ url }) => url.includes("/dist/")],
  ["the benchmark's own loop", ({ url }) => url.includes("/bench/")],
  ["Node's streams, sockets, timers, promises", ({ url }) => url.startsWith("node:")],
  ["other native code", () => true],
];

const layerOf = (callFrame) => LAYERS.find(([, matches]) => matches(callFrame))[0];

/** Self time by layer, in microseconds, from a V8 CPU profile. */
function selfTimeByLayer(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byLayer = new Map();
  profile.samples.forEach((id, i) => {
    const layer = layerOf(nodes.get(id).callFrame);
    byLayer.set(layer, (byLayer.get(layer) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return byLayer;
}

/** `calls` calls of `fn`, `concurrency` in flight, profiled: the thread time per call by layer; and as many unprofiled, for the CPU charged (µs per call). */
async function profiled(session, fn, { calls, concurrency }) {
  const drive = async (count) => {
    let next = 0;
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next++ < count) await fn();
    }));
  };
  await drive(1000); // warm-up
  // The CPU charged, on a pass of its own: the profiler's sampling signals add system time.
  const cpuBefore = process.cpuUsage();
  await drive(calls);
  const cpu = process.cpuUsage(cpuBefore);
  await session.post("Profiler.start");
  await drive(calls);
  const { profile } = await session.post("Profiler.stop");
  const running = [...selfTimeByLayer(profile)].filter(([layer]) => !layer.startsWith("not running")).sort((a, b) => b[1] - a[1]);
  const layers = Object.fromEntries(running.map(([layer, micros]) => [layer, micros / calls]));
  return {
    threadMicrosPerCall: running.reduce((sum, [, micros]) => sum + micros, 0) / calls,
    layers,
    cpuMicrosPerCall: { user: cpu.user / calls, system: cpu.system / calls },
  };
}

/** The client and the hand-signed undici.request, profiled one after the other at `concurrency` in flight. */
export async function layerProfile(baseUrl, { calls = 20_000, concurrency = 32 } = {}) {
  const session = new Session();
  session.connect();
  const dispatcher = new Client(baseUrl, { keepAliveTimeout: 10_000, pipelining: 32 });
  try {
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 200 });
    let nonce = Date.now();
    const undiciRequest = async () => {
      const body = JSON.stringify({ request: path, nonce: String(++nonce), ticker: "BTC" });
      const payload = Buffer.from(body).toString("base64");
      const headers = { "Content-Type": "application/json", "X-TXC-APIKEY": apiKey, "X-TXC-PAYLOAD": payload, "X-TXC-SIGNATURE": createHmac("sha512", apiSecret).update(payload).digest("hex") };
      return (await request(baseUrl + path, { method: "POST", body, headers, dispatcher })).body.json();
    };
    const client = createClient({ baseUrl, apiKey, apiSecret, retry: false });
    return {
      concurrency,
      undiciRequest: await profiled(session, undiciRequest, { calls, concurrency }),
      client: await profiled(session, () => client.getMainBalance({ ticker: "BTC" }), { calls, concurrency }),
    };
  } finally {
    await session.post("Profiler.disable");
    session.disconnect();
    await dispatcher.close();
  }
}

/** The two profiles as lines: each layer's µs per call for the client and for undici.request. */
export function layerProfileLines({ concurrency, undiciRequest, client }) {
  const layers = [...new Set([...Object.keys(client.layers), ...Object.keys(undiciRequest.layers)])];
  const cell = (value) => (value === undefined ? "-" : value.toFixed(1)).padStart(8);
  const row = (name, a, b) => `  ${name.padEnd(48)}${cell(a)}${cell(b)}`;
  return [
    `Where the main thread's time goes at ${concurrency} in flight (µs per call, V8 profile; client | undici.request):`,
    ...layers.map((layer) => row(layer, client.layers[layer], undiciRequest.layers[layer])),
    row("all (the thread not idle)", client.threadMicrosPerCall, undiciRequest.threadMicrosPerCall),
    row("CPU charged to the process: user", client.cpuMicrosPerCall.user, undiciRequest.cpuMicrosPerCall.user),
    row("CPU charged to the process: system", client.cpuMicrosPerCall.system, undiciRequest.cpuMicrosPerCall.system),
  ];
}
