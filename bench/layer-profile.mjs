// Where the CPU of a call goes at 32 in flight on one key, layer by layer: a V8 CPU profile
// (node:inspector) of the client's loop and of the hand-signed undici.request's, taken in the same
// run against the loopback server, each sample's own time given to the layer of the code it was in.
// The client is loaded from dist/ as compiled (not the bundle), so that a sample's file names its
// layer. A layer's cost is its share of the samples times the CPU per call measured around the loop.
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

/** `calls` calls of `fn`, `concurrency` in flight, profiled: the CPU per call and its split by layer (µs per call). */
async function profiled(session, fn, { calls, concurrency }) {
  const drive = async (count) => {
    let next = 0;
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next++ < count) await fn();
    }));
  };
  await drive(1000); // warm-up
  await session.post("Profiler.start");
  const cpuBefore = process.cpuUsage();
  await drive(calls);
  const cpu = process.cpuUsage(cpuBefore);
  const { profile } = await session.post("Profiler.stop");
  const cpuMicrosPerCall = (cpu.user + cpu.system) / calls;
  const byLayer = selfTimeByLayer(profile);
  const running = [...byLayer].filter(([layer]) => !layer.startsWith("not running")).reduce((sum, [, micros]) => sum + micros, 0);
  const layers = Object.fromEntries([...byLayer]
    .filter(([layer]) => !layer.startsWith("not running"))
    .sort((a, b) => b[1] - a[1])
    .map(([layer, micros]) => [layer, (micros / running) * cpuMicrosPerCall]));
  return { cpuMicrosPerCall, layers };
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
  return [
    `Where the CPU of a call goes at ${concurrency} in flight (µs per call, V8 profile; client | undici.request):`,
    ...layers.map((layer) => `  ${layer.padEnd(48)}${cell(client.layers[layer])}${cell(undiciRequest.layers[layer])}`),
    `  ${"all".padEnd(48)}${cell(client.cpuMicrosPerCall)}${cell(undiciRequest.cpuMicrosPerCall)}`,
  ];
}
