// npm run bench: the client's costs measured side by side in one run, printed as a table and
// written to dist/bench.json. Ratios, not absolute times, are what to compare between machines.
import { spawn, spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import createFetchClient from "openapi-fetch";
import { createClient } from "../dist/bundle/index.js";
import { validators } from "../generated/validators.js";
import ccxt from "ccxt";
import { Agent, Client, request } from "undici";
import { median, pairedRatio, perCallMicros, spread, wireContest } from "./measure.mjs";
import { CLIENT_ENTRY_BUDGET, sizes } from "./size.mjs";
import { contractTestSpeed } from "./contract-test-speed.mjs";
import { rawSignedCalls } from "./raw-socket-floor.mjs";
import { validatorCost } from "./validators.mjs";
import { sandboxFloor } from "./sandbox-floor.mjs";
import { declarationFiles } from "./declarations.mjs";
import { oneKeyInFlight } from "./one-key-in-flight.mjs";
import { sandboxStart } from "./sandbox-start.mjs";
import { idleFreshConnection } from "./idle-fresh-connection.mjs";
import { proxyOverhead } from "./proxy-overhead.mjs";
import { claimCost } from "./claim-cost.mjs";
import { layerLadder } from "./layer-ladder.mjs";
import { callCosts, callCostLines } from "./call-costs.mjs";

const apiKey = "bench-key";
const apiSecret = "bench-secret";
const path = "/api/v4/main-account/balance";
const answer = JSON.stringify({ BTC: { main_balance: "0.01532" } });
const stubFetch = async () => new Response(answer, { status: 200, headers: { "Content-Type": "application/json" } });

let nonce = Date.now();
/** A signed balance request, as a careful person would write it by hand. */
function signedBalance() {
  const body = JSON.stringify({ request: path, nonce: String(++nonce), ticker: "BTC" });
  const payload = Buffer.from(body).toString("base64");
  const signature = createHmac("sha512", apiSecret).update(payload).digest("hex");
  return { body, headers: { "Content-Type": "application/json", "X-TXC-APIKEY": apiKey, "X-TXC-PAYLOAD": payload, "X-TXC-SIGNATURE": signature } };
}

/** The least a careful person would write by hand: sign, fetch, parse. */
function handSigned(fetchImpl, baseUrl) {
  return async () => {
    const { body, headers } = signedBalance();
    const response = await fetchImpl(baseUrl + path, { method: "POST", headers, body });
    return response.json();
  };
}

async function cpuPerCall() {
  const client = createClient({ baseUrl: "http://127.0.0.1:9", apiKey, apiSecret, fetch: stubFetch, retry: false });
  const bare = createFetchClient({ baseUrl: "http://127.0.0.1:9", fetch: stubFetch });
  return perCallMicros({
    txcClient: () => client.getMainBalance({ ticker: "BTC" }),
    bareOpenapiFetchPost: () => bare.POST(path, { body: { request: path, nonce: String(++nonce), ticker: "BTC" } }),
    handSignedFetch: handSigned(stubFetch, "http://127.0.0.1:9"),
  });
}

/**
 * Hand-signed over undici.request. `oneConnection`: as one API key's calls must go, their nonces
 * in order (one connection, pipelined as deep as the client's); else undici's default pool, a
 * connection per call in flight, which a server checking nonce order would refuse.
 */
function handSignedUndici(baseUrl, { oneConnection = false } = {}) {
  const dispatcher = oneConnection ? new Client(baseUrl, { keepAliveTimeout: 10_000, pipelining: 32 }) : new Agent({ keepAliveTimeout: 10_000 });
  return async () => {
    const { body, headers } = signedBalance();
    const response = await request(baseUrl + path, { method: "POST", headers, body, dispatcher });
    return response.body.json();
  };
}

/** ccxt's whitebit class, unmodified, its v4 URLs pointed at the loopback server. */
function ccxtWhitebit(baseUrl) {
  const exchange = new ccxt.whitebit({ apiKey, secret: apiSecret, enableRateLimit: false });
  exchange.urls.api = { v4: { public: `${baseUrl}/api/v4/public`, private: `${baseUrl}/api/v4` } };
  return () => exchange.v4PrivatePostMainAccountBalance({ ticker: "BTC" });
}

/**
 * The same signed balance call by each contender, over real loopback HTTP to a server process:
 * 32 in flight against ccxt, hand-signed undici.request and fetch, and the floor (a keep-alive
 * socket that signs each call and parses minimally, checking the answer with the generated
 * validator as the client does); one in flight against that floor.
 */
async function onTheWire() {
  const server = spawn(process.execPath, [new URL("./loopback-server.mjs", import.meta.url).pathname], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((resolve) => server.stdout.once("data", (chunk) => resolve(Number(String(chunk).trim()))));
  const baseUrl = `http://127.0.0.1:${port}`;
  const floor = (concurrency) => rawSignedCalls({ port, path, apiKey, apiSecret, concurrency, validate: validators.getMainBalance.responses["200"] });
  try {
    const client = createClient({ baseUrl, apiKey, apiSecret, retry: false });
    const floor32 = floor(32);
    const busy = await wireContest({
      txcClient: () => client.getMainBalance({ ticker: "BTC" }),
      ccxt: ccxtWhitebit(baseUrl),
      handSignedUndiciOneConnection: handSignedUndici(baseUrl, { oneConnection: true }),
      handSignedUndiciPool: handSignedUndici(baseUrl),
      handSignedFetch: handSigned(fetch, baseUrl),
      validatingFloor: floor32,
    });
    floor32.close();
    const floor1 = floor(1);
    const single = await wireContest({
      txcClient: () => client.getMainBalance({ ticker: "BTC" }),
      ccxt: ccxtWhitebit(baseUrl),
      handSignedUndiciOneConnection: handSignedUndici(baseUrl, { oneConnection: true }),
      validatingFloor: floor1,
    }, { concurrency: 1, callsPerRound: 1000 });
    floor1.close();
    // The client's layers, each added to the one below, at 1 and 32 in flight.
    const ladder = { 1: await layerLadder(baseUrl, { concurrency: 1 }), 32: await layerLadder(baseUrl, { concurrency: 32 }) };
    // Where the CPU of a call goes at 32 in flight: the socket write timed, the client's own steps.
    const costs = await callCosts(baseUrl, { concurrency: 32 });
    return { busy, single, ladder, costs };
  } finally {
    server.kill("SIGTERM");
  }
}

/** Whole processes, alternating: the first signed call with this package, and with openapi-fetch over the global fetch. */
async function coldStart() {
  const server = spawn(process.execPath, [new URL("./loopback-server.mjs", import.meta.url).pathname], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((resolve) => server.stdout.once("data", (chunk) => resolve(Number(String(chunk).trim()))));
  const script = new URL("./cold-start.mjs", import.meta.url).pathname;
  const once = (mode) => {
    const started = process.hrtime.bigint();
    if (spawnSync(process.execPath, [script, mode, String(port)]).status !== 0) throw new Error(`bench/cold-start.mjs ${mode} failed`);
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  try {
    const rounds = { client: [], openapiFetch: [] };
    for (let i = 0; i < 11; i++) {
      rounds.client.push(once("client"));
      rounds.openapiFetch.push(once("openapi-fetch"));
    }
    const files = JSON.parse(spawnSync(process.execPath, [script, "client", String(port), "--count-files"], { encoding: "utf8" }).stdout);
    return { client: spread(rounds.client), openapiFetch: spread(rounds.openapiFetch), moduleFiles: files, rounds };
  } finally {
    server.kill("SIGTERM");
  }
}

const cpu = await cpuPerCall();
const wire = await onTheWire();
const validation = await validatorCost();
const cold = await coldStart();
const servers = await sandboxFloor({ prism: true });
const bytes = await sizes();
const tester = await contractTestSpeed();
const declarations = declarationFiles();
const oneKey = await oneKeyInFlight();
const sandboxStarts = await sandboxStart();
const idleRule = await idleFreshConnection();
const proxyCost = await proxyOverhead();
const claim = await claimCost();

const { busy, single, ladder, costs } = wire;
/** Each goal of the package, as a ratio measured in this run: [name, { median, min, max }, goal]. */
const goals = [
  ["client req/s vs ccxt, 1 in flight", pairedRatio(single.txcClient.rounds.rps, single.ccxt.rounds.rps), ">= 1.75"],
  ["client req/s vs ccxt, 32 in flight", pairedRatio(busy.txcClient.rounds.rps, busy.ccxt.rounds.rps), ">= 1.75"],
  ["client CPU per call vs hand-signed undici.request on one connection, 1 in flight", pairedRatio(single.txcClient.rounds.cpu, single.handSignedUndiciOneConnection.rounds.cpu), "<= 1"],
  ["client CPU per call vs hand-signed undici.request on one connection, 32 in flight", pairedRatio(busy.txcClient.rounds.cpu, busy.handSignedUndiciOneConnection.rounds.cpu), "<= 1.05"],
  ["one key vs 32 keys, calls/s at 32 in flight against the sandbox", pairedRatio(oneKey.oneKey.rounds.rps, oneKey.manyKeys.rounds.rps), ">= 0.5"],
  ["calls refused (401) in the one-key contest", spread([oneKey.refused.oneKey + oneKey.refused.manyKeys]), "<= 0"],
  ["startSandbox() + close() vs spawning txc-api serve until it answers", sandboxStarts.ratio, "<= 0.1"],
  ["heap growth over 200 start/close cycles (MB)", spread([sandboxStarts.cycles.heapGrowthBytes / 1024 / 1024]), "<= 2"],
  ["open handles after 200 start/close cycles, beyond those before", spread([sandboxStarts.cycles.handlesAfter - sandboxStarts.cycles.handlesBefore]), "<= 0"],
  ["validators vs a hand-written check", pairedRatio(validation.generatedValid, validation.handWrittenValid), "<= 1.5"],
  // undici's index (about 110 files) is read once per process: its public entry, not its internals.
  ["first signed call, whole process, vs openapi-fetch over fetch", pairedRatio(cold.rounds.client, cold.rounds.openapiFetch), "<= 2"],
  ["module files of our own and of the other dependencies read by the first signed call", spread([cold.moduleFiles.own]), "<= 40"],
  ["sandbox CPU per request vs a signature-checking node:http server", pairedRatio(servers.sandbox.rounds.cpu, servers["signature-checking"].rounds.cpu), "<= 1.15"],
  ["sandbox req/s vs a signature-checking node:http server", pairedRatio(servers.sandbox.rounds.rps, servers["signature-checking"].rounds.rps), ">= 0.9"],
  ["sandbox p99 vs a signature-checking node:http server", pairedRatio(servers.sandbox.rounds.p99, servers["signature-checking"].rounds.p99), "<= 1.1"],
  ["txc-api/server CPU per request vs a signature-checking node:http server", pairedRatio(servers.kit.rounds.cpu, servers["signature-checking"].rounds.cpu), "<= 1.15"],
  ["txc-api/server req/s vs a signature-checking node:http server", pairedRatio(servers.kit.rounds.rps, servers["signature-checking"].rounds.rps), ">= 0.9"],
  // The claim, then its settlement (spent, or free again) once the handler has answered.
  ["Redis round trips the once-only claim adds to applyCode (kit on redisStores: claim and settle)", spread([claim.claimRoundTrips]), "<= 2"],
  ["txc-api/server CPU per request, applyCode with its claim vs without it", claim.claimCpu, "<= 1.05"],
  ["txc-api/server CPU per request, applyCode with its claim, vs a signature-checking node:http server", claim.applyVsSignatureCheckingCpu, "<= 1.15"],
  ["sandbox req/s vs Prism", pairedRatio(servers.sandbox.rounds.rps, servers.prism.rounds.rps), ">= 5"],
  ["declaration files of txc-api beyond txc-api/types", spread([declarations.added.length]), "<= 10"],
  ["contract-test req/s vs the same requests signed by hand", spread([tester.ratio]), ">= 0.7"],
];
const meets = (value, goal) => {
  const [, op, bound] = /^(<=|>=) ([\d.]+)$/.exec(goal);
  return op === "<=" ? value <= Number(bound) : value >= Number(bound);
};

const results = {
  measurements: {
    cpuMicrosPerSignedCallStubFetch: cpu,
    onTheWire32InFlight: busy,
    onTheWire1InFlight: single,
    callCosts32InFlight: costs,
    layerLadder: Object.fromEntries(Object.entries(ladder).map(([inFlight, { cpuMicrosPerCall, addedMicros, clientVsUndiciCpu }]) => [inFlight, { cpuMicrosPerCall, addedMicros, clientVsUndiciCpu }])),
    investmentsPageMicros: validation,
    coldStart: cold,
    servers,
    minifiedBytes: bytes,
    contractTest1000ExamplesPerOperation: tester,
    declarationFilesAdded: declarations.added,
    oneKeyAgainst32Keys: oneKey,
    sandboxStarts,
    idleRule,
    proxyCost,
    claim,
  },
  // The raw-socket floor is a reference, not a goal: what no HTTP library can beat.
  references: {
    // What responseValidation "throw" (the kit's default) costs beside "off".
    kitCpuUncheckedAnswersVsSignatureChecking: pairedRatio(servers["kit-unchecked-answers"].rounds.cpu, servers["signature-checking"].rounds.cpu),
    clientCpuVsValidatingFloor32InFlight: pairedRatio(busy.txcClient.rounds.cpu, busy.validatingFloor.rounds.cpu),
    clientCpuVsValidatingFloor1InFlight: pairedRatio(single.txcClient.rounds.cpu, single.validatingFloor.rounds.cpu),
    // undici's default pool: a connection per call, nonce order not kept (a real server refuses it).
    clientCpuVsHandSignedUndiciPool32InFlight: pairedRatio(busy.txcClient.rounds.cpu, busy.handSignedUndiciPool.rounds.cpu),
    // The generated validators are ajv's own standalone code: the same as ajv compiling at run time.
    validatorsVsAjvAtRunTime: pairedRatio(validation.generatedValid, validation.stockAjvValid),
  },
  goals: goals.map(([name, value, goal]) => ({ name, ...value, goal, met: meets(value.median, goal) })),
};

const range = (value, digits = 1) => `${value.median.toFixed(digits)} (${value.min.toFixed(digits)}-${value.max.toFixed(digits)})`;
const rows = [
  ["CPU per signed call, stub fetch (µs)", `client ${cpu.txcClient.toFixed(1)} | openapi-fetch POST ${cpu.bareOpenapiFetchPost.toFixed(1)} | hand-signed ${cpu.handSignedFetch.toFixed(1)}`],
  ...Object.entries(busy).map(([name, { rps, cpuMicrosPerCall }]) => [`loopback, 32 in flight: ${name}`, `${range(rps, 0)} req/s | ${range(cpuMicrosPerCall)} µs CPU/call`]),
  ...Object.entries(single).map(([name, { rps, cpuMicrosPerCall }]) => [`loopback, 1 in flight: ${name}`, `${range(rps, 0)} req/s | ${range(cpuMicrosPerCall)} µs CPU/call`]),
  ...Object.values(ladder).map(({ concurrency, cpuMicrosPerCall, addedMicros, clientVsUndiciCpu }) => [
    `layer ladder, ${concurrency} in flight (µs CPU/call)`,
    `undici.request ${cpuMicrosPerCall.undiciRequest.toFixed(1)} | the client's transport ${cpuMicrosPerCall.transport.toFixed(1)} | + its signing ${addedMicros.signing >= 0 ? "+" : ""}${addedMicros.signing.toFixed(1)} | + the operation call ${addedMicros.client >= 0 ? "+" : ""}${addedMicros.client.toFixed(1)} = the client ${cpuMicrosPerCall.client.toFixed(1)} (${range(clientVsUndiciCpu, 2)}x undici.request)`,
  ]),
  ["100-record investments page (µs)", Object.entries(validation).map(([name, values]) => `${name} ${range(spread(values))}`).join(" | ")],
  ["first signed call, whole process (ms)", `txc-api ${range(cold.client, 0)} | openapi-fetch over fetch ${range(cold.openapiFetch, 0)} | ${cold.moduleFiles.own} module files, and undici's ${cold.moduleFiles.undici}, @opentelemetry/api's ${cold.moduleFiles.optional}`],
  ...Object.entries(servers).map(([kind, { rps, cpuMicrosPerRequest, p99Micros }]) => [
    `server, 32 in flight: ${kind}`,
    `${range(rps, 0)} req/s${kind === "prism" ? "" : ` | ${range(cpuMicrosPerRequest)} µs CPU/request | p99 ${range(p99Micros, 0)} µs`}`,
  ]),
  ...Object.entries(oneKey).filter(([name]) => name !== "refused").map(([name, { rps }]) => [`sandbox, 32 in flight: ${name === "oneKey" ? "one key" : "32 keys"}`, `${range(rps, 0)} calls/s`]),
  ["client CPU vs the raw-socket floor (reference)", `32 in flight ${range(results.references.clientCpuVsValidatingFloor32InFlight, 2)} | 1 in flight ${range(results.references.clientCpuVsValidatingFloor1InFlight, 2)}`],
  ["client CPU vs hand-signed undici's default pool, 32 in flight (reference)", range(results.references.clientCpuVsHandSignedUndiciPool32InFlight, 2)],
  ["generated validators vs ajv compiling at run time, valid page (reference)", range(results.references.validatorsVsAjvAtRunTime, 2)],
  ["sandbox start + close (ms)", `in process ${sandboxStarts.inProcessMs.toFixed(1)} | spawned txc-api serve ${sandboxStarts.spawnedMs.toFixed(0)}`],
  ["latency a proxy adds to a ping (ms), 1 | 32 in flight", `txc-api proxy ${proxyCost[1]["txc-api proxy"].addedMs.toFixed(2)} | ${proxyCost[32]["txc-api proxy"].addedMs.toFixed(2)}; prism proxy ${proxyCost[1]["prism proxy"].addedMs.toFixed(2)} | ${proxyCost[32]["prism proxy"].addedMs.toFixed(2)} (ours vs Prism's ${proxyCost.oursVsPrismAdded1.toFixed(2)}x | ${proxyCost.oursVsPrismAdded32.toFixed(2)}x, goal <= 1)`],
  ["state-changing call after a 0.6 s pause, loopback (ms)", `fresh connection (no Keep-Alive announced) ${idleRule.freshMs.toFixed(2)} | riding the idle one ${idleRule.ridingMs.toFixed(2)} | ${idleRule.ratio.toFixed(2)}x`],
  ["Redis round trips per request, kit on redisStores", `getMainBalance ${claim.roundTrips.balance.toFixed(2)} | applyCode ${claim.roundTrips.applyCode.toFixed(2)} (the claim ${claim.claimRoundTrips.toFixed(2)})`],
  ["kit CPU, applyCode with its claim vs the balance (reference)", range(claim.applyVsBalanceCpu, 3)],
  ["contract-test, 1,000 examples/operation", `${tester.seconds.toFixed(2)} s for ${tester.requests} requests (goal < 4 s)`],
  ["minified bytes", `client entry without validators ${bytes.clientEntryWithoutValidators} (budget < ${CLIENT_ENTRY_BUDGET}) | validators ${bytes.validatorsModule}`],
  ["declaration files beyond txc-api/types", declarations.added.join(", ")],
  ["", ""],
  ["goal (ratio: median of the rounds, their range)", ""],
  ...results.goals.map(({ name, median: value, min, max, goal, met }) => [name, `${value.toFixed(3)} (${min.toFixed(3)}-${max.toFixed(3)})  goal ${goal}  ${met ? "met" : "NOT MET"}`]),
];
const width = Math.max(...rows.map(([name]) => name.length));
console.log(rows.map(([name, value]) => `${name.padEnd(width)}  ${value}`).join("\n"));
console.log(`\n${callCostLines(costs).join("\n")}`);
mkdirSync(new URL("../dist/", import.meta.url), { recursive: true });
writeFileSync(new URL("../dist/bench.json", import.meta.url), JSON.stringify(results, null, 2) + "\n");
