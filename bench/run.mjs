// npm run bench: the client's costs measured side by side in one run, printed as a table and
// written to dist/bench.json. Ratios, not absolute times, are what to compare between machines.
import { spawn, spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import createFetchClient from "openapi-fetch";
import { createClient } from "../dist/index.js";
import { validators } from "../generated/validators.js";
import ccxt from "ccxt";
import { Agent, request } from "undici";
import { median, perCallMicros, wireContest } from "./measure.mjs";
import { CLIENT_ENTRY_BUDGET, sizes } from "./size.mjs";
import { contractTestSpeed } from "./contract-test-speed.mjs";
import { sandboxPages } from "./sandbox-pages.mjs";

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

/** Hand-signed over undici.request with a keep-alive pool: the floor of what a Node client can do. */
function handSignedUndici(baseUrl) {
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
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

/** The same signed balance call by each contender, over real loopback HTTP to a server process. */
async function onTheWire() {
  const server = spawn(process.execPath, [new URL("./loopback-server.mjs", import.meta.url).pathname], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((resolve) => server.stdout.once("data", (chunk) => resolve(Number(String(chunk).trim()))));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    const client = createClient({ baseUrl, apiKey, apiSecret, retry: false });
    return await wireContest({
      txcClient: () => client.getMainBalance({ ticker: "BTC" }),
      ccxt: ccxtWhitebit(baseUrl),
      handSignedUndiciRequest: handSignedUndici(baseUrl),
      handSignedFetch: handSigned(fetch, baseUrl),
    });
  } finally {
    server.kill("SIGTERM");
  }
}

function investmentsPage() {
  const plan = {
    id: "6f1e2d3c-4b5a-4978-8a6b-1c2d3e4f5a6b", ticker: "USDT", status: 1, percent: "12.5", duration: 43200, interestTicker: "USDT",
    interestRatio: "1", minInvestment: "100", maxInvestment: "100000", maxPossibleInvestment: "48250.75",
  };
  const records = Array.from({ length: 100 }, (_, i) => ({
    id: `inv-${i}`, plan, status: 1 + (i % 2), created: 1699990000 + i, updated: 1699990000 + i, paymentTime: 1702582000 + i,
    amount: `${1500 + i}.25`, interestPaid: "0",
  }));
  return JSON.stringify({ offset: 0, limit: 100, records });
}

async function validationCost() {
  const text = investmentsPage();
  const parsed = JSON.parse(text);
  const validate = validators.getInvestmentsHistory.responses["200"];
  if (!validate(parsed)) throw new Error("bench page is invalid");
  return perCallMicros({ validate100Records: () => validate(parsed), parse100Records: () => JSON.parse(text) }, { callsPerRound: 500 });
}

function coldStart() {
  const run = (mode) => Number(spawnSync(process.execPath, [new URL("./cold-start.mjs", import.meta.url).pathname, mode], { encoding: "utf8" }).stdout);
  const samples = { client: [], runtimeCompile: [] };
  for (let i = 0; i < 7; i++) {
    samples.client.push(run("client"));
    samples.runtimeCompile.push(run("runtime-compile"));
  }
  return { client: median(samples.client), runtimeCompile: median(samples.runtimeCompile) };
}

const cpu = await cpuPerCall();
const wire = await onTheWire();
const validation = await validationCost();
const cold = coldStart();
const bytes = await sizes();
const pages = await sandboxPages();
const tester = await contractTestSpeed();

const results = {
  measurements: {
    cpuMicrosPerSignedCall: cpu,
    onTheWire32InFlight: wire,
    investmentsPageMicros: validation,
    coldStartMillis: cold,
    minifiedBytes: bytes,
    sandboxInvestmentsPage100Records: pages,
    contractTest1000ExamplesPerOperation: tester,
  },
  ratios: {
    signedCallCpuOverheadVsOpenapiFetch: cpu.txcClient / cpu.bareOpenapiFetchPost,
    signedCallCpuVsHandSigned: cpu.txcClient / cpu.handSignedFetch,
    throughputVsCcxt: wire.txcClient.rps.median / wire.ccxt.rps.median,
    throughputVsHandSignedUndiciRequest: wire.txcClient.rps.median / wire.handSignedUndiciRequest.rps.median,
    cpuPerCallVsHandSignedUndiciRequest: wire.txcClient.cpuMicrosPerCall.median / wire.handSignedUndiciRequest.cpuMicrosPerCall.median,
    throughputVsHandSignedFetch: wire.txcClient.rps.median / wire.handSignedFetch.rps.median,
    responseValidationVsJsonParse100Records: validation.validate100Records / validation.parse100Records,
    coldStartVsRuntimeCompiledValidators: cold.client / cold.runtimeCompile,
    sandboxPageRpsCachedVsSerialisedEachTime: pages.cachedPages.rps.median / pages.serialisedEachTime.rps.median,
    contractTestRpsVsRawSignedRequests: tester.ratio,
  },
  goals: {
    signedCallCpuOverheadVsOpenapiFetch: "<= 1.3",
    throughputVsCcxt: ">= 1.2",
    throughputVsHandSignedUndiciRequest: ">= 0.8",
    cpuPerCallVsHandSignedUndiciRequest: "<= 1.3",
    clientEntryWithoutValidators: `< ${CLIENT_ENTRY_BUDGET} bytes`,
    sandboxPageRpsCachedVsSerialisedEachTime: ">= 1.5",
    contractTest1000ExamplesPerOperationSeconds: "< 4",
    contractTestRpsVsRawSignedRequests: ">= 0.7",
  },
};

const rows = [
  ["CPU per signed call, stub fetch (µs)", `client ${cpu.txcClient.toFixed(1)} | openapi-fetch POST ${cpu.bareOpenapiFetchPost.toFixed(1)} | hand-signed ${cpu.handSignedFetch.toFixed(1)}`],
  ...Object.entries(wire).map(([name, { rps, cpuMicrosPerCall: cpuUs }]) => [
    `loopback, 32 in flight: ${name}`,
    `${rps.median.toFixed(0)} req/s (${rps.min.toFixed(0)}-${rps.max.toFixed(0)}) | ${cpuUs.median.toFixed(0)} µs CPU/call (${cpuUs.min.toFixed(0)}-${cpuUs.max.toFixed(0)})`,
  ]),
  ["100-record investments page (µs)", `validate ${validation.validate100Records.toFixed(1)} | JSON.parse ${validation.parse100Records.toFixed(1)}`],
  ["cold start to first validated call (ms)", `precompiled ${cold.client.toFixed(0)} | runtime-compiled ${cold.runtimeCompile.toFixed(0)}`],
  ["sandbox, 100-record investments page", Object.entries(pages).map(([name, { rps }]) => `${name} ${rps.median.toFixed(0)} req/s (${rps.min.toFixed(0)}-${rps.max.toFixed(0)})`).join(" | ")],
  ["contract-test, 1,000 examples/operation", `${tester.seconds.toFixed(2)} s for ${tester.requests} requests  (goal < 4 s)`],
  [`sandbox, ${tester.lanes} keys, ${tester.lanes} in flight (req/s)`, `contract-test ${tester.tester.median.toFixed(0)} (${tester.tester.min.toFixed(0)}-${tester.tester.max.toFixed(0)}) | the same requests hand-signed over undici.request ${tester.raw.median.toFixed(0)} (${tester.raw.min.toFixed(0)}-${tester.raw.max.toFixed(0)})`],
  ["minified bytes", `client entry without validators ${bytes.clientEntryWithoutValidators} (budget < ${CLIENT_ENTRY_BUDGET}) | validators ${bytes.validatorsModule}`],
  ...Object.entries(results.ratios).map(([name, ratio]) => [name, `${ratio.toFixed(3)}${results.goals[name] ? `  (goal ${results.goals[name]})` : ""}`]),
];
const width = Math.max(...rows.map(([name]) => name.length));
console.log(rows.map(([name, value]) => `${name.padEnd(width)}  ${value}`).join("\n"));
mkdirSync(new URL("../dist/", import.meta.url), { recursive: true });
writeFileSync(new URL("../dist/bench.json", import.meta.url), JSON.stringify(results, null, 2) + "\n");
