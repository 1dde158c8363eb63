// Where the CPU of a call goes at 32 in flight on one key, timed directly rather than sampled.
// A V8 CPU profile (node:inspector or --cpu-prof) was tried first and is not used: on this VM its
// samples land at system calls (a signal to a running thread is taken at its next one), so it gave
// the socket write 50 to 110 µs of a call whose write, timed around it, costs 18.
//
// Two parts. On the wire, each contender in a Node process of its own against the loopback
// server: the process's CPU per call, then the same loop with Node's socket write timed around each
// call into it (CPU, writes and bytes per call). Off the wire, the client's own steps over a
// transport that answers at once: building the request (checked, signed), reading the answer
// (checked, tied to the request), and the whole operation call with its retry loop and promises.
import { execFile } from "node:child_process";
import { createHmac } from "node:crypto";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Client, request } from "undici";
import { createClient } from "../dist/bundle/index.js";
import { median } from "./measure.mjs";

const apiKey = "costs-key";
const apiSecret = "costs-secret";
const path = "/api/v4/main-account/balance";
const fields = { ticker: "BTC" };

/** The contenders: the hand-signed undici.request on one pipelined connection, and the client. */
const CONTENDERS = {
  undiciRequest: (baseUrl) => {
    const dispatcher = new Client(baseUrl, { keepAliveTimeout: 10_000, pipelining: 32 });
    let nonce = Date.now();
    return async () => {
      const body = JSON.stringify({ request: path, nonce: String(++nonce), ...fields });
      const payload = Buffer.from(body).toString("base64");
      const headers = { "Content-Type": "application/json", "X-TXC-APIKEY": apiKey, "X-TXC-PAYLOAD": payload, "X-TXC-SIGNATURE": createHmac("sha512", apiSecret).update(payload).digest("hex") };
      return (await request(baseUrl + path, { method: "POST", body, headers, dispatcher })).body.json();
    };
  },
  client: (baseUrl) => {
    const client = createClient({ baseUrl, apiKey, apiSecret, retry: false });
    return () => client.getMainBalance(fields);
  },
};

const cpuMicros = (since) => {
  const { user, system } = process.cpuUsage(since);
  return user + system;
};

/** `calls` calls of `fn`, `concurrency` in flight. */
async function drive(fn, calls, concurrency) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next++ < calls) await fn();
  }));
}

/** What timing one call costs by itself: two readings of the process's CPU, around nothing. */
function timingItself() {
  const before = process.cpuUsage();
  for (let i = 0; i < 20_000; i++) cpuMicros(process.cpuUsage());
  return cpuMicros(before) / 20_000;
}

/** Node's socket writes timed around each call into them, from now on: what they cost (the timing's own cost taken out), how many, how large. */
function timeSocketWrites() {
  const counted = { cpuMicros: 0, writes: 0, bytes: 0 };
  const timing = timingItself();
  const { _writev, _write } = net.Socket.prototype;
  const timed = (write, size) => function (...args) {
    const before = process.cpuUsage();
    const result = write.apply(this, args);
    counted.cpuMicros += cpuMicros(before) - timing;
    counted.writes++;
    counted.bytes += size(args[0]);
    return result;
  };
  net.Socket.prototype._writev = timed(_writev, (chunks) => chunks.reduce((sum, { chunk }) => sum + chunk.length, 0));
  net.Socket.prototype._write = timed(_write, (chunk) => chunk.length);
  return counted;
}

/** One contender at `concurrency` in flight, in this process: its CPU per call, and its socket writes per call. */
async function onTheWireHere(contender, baseUrl, { calls, concurrency }) {
  const call = CONTENDERS[contender](baseUrl);
  await drive(call, 2000, concurrency); // warm-up
  const before = process.cpuUsage();
  await drive(call, calls, concurrency);
  const cpuMicrosPerCall = cpuMicros(before) / calls;
  // A second pass with the writes timed: timing them costs CPU of its own, kept out of the first.
  const writes = timeSocketWrites();
  await drive(call, calls, concurrency);
  return { cpuMicrosPerCall, socketWrite: { cpuMicrosPerCall: writes.cpuMicros / calls, writesPerCall: writes.writes / calls, bytesPerCall: writes.bytes / calls } };
}

/** The client's own steps with nothing on the wire: µs of CPU per call, the median of rounds. */
async function ownStepsHere() {
  const { buildRequest } = await import("../dist/client/build-request.js");
  const { readAnswer } = await import("../dist/client/read-answer.js");
  const { callOperation } = await import("../dist/client/call.js");
  const { HookRunner } = await import("../dist/client/hooks.js");
  const { credentials } = await import("../dist/signing/sign.js");
  const { timeNonce } = await import("../dist/signing/nonce.js");
  const { loadValidators } = await import("../dist/validation/operation-validators.js");
  const { operationIndex } = await import("../generated/operations.js");
  const text = JSON.stringify({ BTC: { main_balance: "0.01532" } });
  const answer = { status: 200, headers: { get: (name) => (name.toLowerCase() === "content-type" ? "application/json" : null) }, text, utf8: true };
  const setup = {
    urls: Object.fromEntries(Object.entries(operationIndex).map(([operationId, operation]) => [operationId, `http://127.0.0.1:9${operation.path}`])),
    keys: credentials(apiKey, apiSecret), nonce: timeNonce, extraFields: undefined,
    transport: () => Promise.resolve(answer), timeoutMs: 10_000, maxResponseBytes: 8 << 20,
    retry: { attempts: 1 }, limiter: undefined, hooks: new HookRunner(), propagateTraceContext: false,
    validateResponses: true, nonceOrderKept: true,
  };
  const validators = await loadValidators("getMainBalance");
  const bounds = { signal: undefined, timeoutMs: 10_000, maxResponseBytes: 8 << 20 };
  const sent = buildRequest(setup, "getMainBalance", fields, undefined, validators, bounds).sent;
  const steps = {
    buildRequest: () => buildRequest(setup, "getMainBalance", fields, undefined, validators, bounds),
    readAnswer: () => readAnswer("getMainBalance", answer, sent, validators, setup),
    operationCall: () => callOperation(setup, "getMainBalance", fields, {}),
  };
  const rounds = Object.fromEntries(Object.keys(steps).map((name) => [name, []]));
  for (let round = 0; round < 7; round++) {
    for (const [name, step] of Object.entries(steps)) {
      const before = process.cpuUsage();
      for (let i = 0; i < 20_000; i++) await step();
      rounds[name].push(cpuMicros(before) / 20_000);
    }
  }
  return Object.fromEntries(Object.entries(rounds).map(([name, values]) => [name, median(values.slice(1))]));
}

/** Each part in a fresh Node process: what one contender compiled and kept does not shape another's. */
export async function callCosts(baseUrl, { calls = 20_000, concurrency = 32 } = {}) {
  const inProcess = async (...args) => JSON.parse((await promisify(execFile)(process.execPath, [fileURLToPath(import.meta.url), ...args.map(String)])).stdout);
  return {
    concurrency,
    undiciRequest: await inProcess("undiciRequest", baseUrl, calls, concurrency),
    client: await inProcess("client", baseUrl, calls, concurrency),
    ownSteps: await inProcess("ownSteps"),
  };
}

/** The parts as lines. */
export function callCostLines({ concurrency, undiciRequest, client, ownSteps }) {
  const cell = (value, digits = 1) => value.toFixed(digits).padStart(8);
  const row = (name, a, b, digits) => `  ${name.padEnd(58)}${cell(a, digits)}${cell(b, digits)}`;
  return [
    `Where the CPU of a call goes at ${concurrency} in flight (µs per call; client | undici.request):`,
    row("all of the process", client.cpuMicrosPerCall, undiciRequest.cpuMicrosPerCall),
    row("Node's socket write (timed around it)", client.socketWrite.cpuMicrosPerCall, undiciRequest.socketWrite.cpuMicrosPerCall),
    row("  writes per call", client.socketWrite.writesPerCall, undiciRequest.socketWrite.writesPerCall, 2),
    row("  bytes per call", client.socketWrite.bytesPerCall, undiciRequest.socketWrite.bytesPerCall, 0),
    row("the rest: reading, undici, Node's streams, the caller's code", client.cpuMicrosPerCall - client.socketWrite.cpuMicrosPerCall, undiciRequest.cpuMicrosPerCall - undiciRequest.socketWrite.cpuMicrosPerCall),
    "The client's own steps, over a transport that answers at once (µs of CPU per call):",
    `  building the request (parameters, body checked, nonce, signature)  ${ownSteps.buildRequest.toFixed(1)}`,
    `  reading the answer (JSON, checked, tied to the request)            ${ownSteps.readAnswer.toFixed(1)}`,
    `  the whole operation call (both, the retry loop, the promises)      ${ownSteps.operationCall.toFixed(1)}`,
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [part, baseUrl, calls, concurrency] = process.argv.slice(2);
  const result = part === "ownSteps" ? await ownStepsHere() : await onTheWireHere(part, baseUrl, { calls: Number(calls), concurrency: Number(concurrency) });
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
}
