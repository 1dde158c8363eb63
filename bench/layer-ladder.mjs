// The client's cost, layer by layer, at 1 and at 32 calls in flight on one key, against the
// loopback server: each rung adds one layer of the client to the one below, measured side by side
// in the same rounds (paired), so that what each layer costs per call is a difference of medians
// taken under the same machine noise. The reference rung is what the client sends with, a
// hand-signed undici.request on one pipelined connection (one key's nonces in order).
import { createHmac } from "node:crypto";
import { Client, request } from "undici";
import { createClient } from "../dist/bundle/index.js";
import { undiciTransport } from "../dist/transport/undici.js";
import { credentials } from "../dist/signing/sign.js";
import { timeNonce } from "../dist/signing/nonce.js";
import { signCall } from "../dist/client/sign-call.js";
import { loadValidators } from "../dist/validation/operation-validators.js";
import { pairedRatio, wireContest } from "./measure.mjs";

const apiKey = "ladder-key";
const apiSecret = "ladder-secret";
const path = "/api/v4/main-account/balance";
const fields = { ticker: "BTC" };

/** The rungs, lowest first: each the one before with one more layer of the client. */
async function rungs(baseUrl) {
  let nonce = Date.now();
  const handSigned = () => {
    const body = JSON.stringify({ request: path, nonce: String(++nonce), ...fields });
    const payload = Buffer.from(body).toString("base64");
    return { body, headers: { "Content-Type": "application/json", "X-TXC-APIKEY": apiKey, "X-TXC-PAYLOAD": payload, "X-TXC-SIGNATURE": createHmac("sha512", apiSecret).update(payload).digest("hex") } };
  };
  const dispatcher = new Client(baseUrl, { keepAliveTimeout: 10_000, pipelining: 32 });
  const transport = undiciTransport();
  const keys = credentials(apiKey, apiSecret);
  const validators = await loadValidators("getMainBalance");
  const send = ({ body, headers }) => transport({ url: baseUrl + path, method: "POST", headers, body, orderKey: apiKey, readOnly: true, timeoutMs: 10_000, maxResponseBytes: 10 * 1024 * 1024 });
  const client = createClient({ baseUrl, apiKey, apiSecret, retry: false });
  return {
    contenders: {
      // What the client sends with, used by hand: sign, request on one connection, parse.
      undiciRequest: async () => (await request(baseUrl + path, { method: "POST", ...handSigned(), dispatcher })).body.json(),
      // The client's transport alone (its rules: no redirect, a timeout, the size cap, one key's order), hand-signed, JSON parsed.
      transport: async () => JSON.parse((await send(handSigned())).text),
      // + the client's signing: fields checked by name, the nonce taken, the body validated against the document, signed.
      signing: async () => JSON.parse((await send(signCall({ operationId: "getMainBalance", keys, nonce: timeNonce, fields, validators }))).text),
      // + the operation call: the limiter's place, the retry loop, reading and validating the answer, the ties to the request.
      client: () => client.getMainBalance(fields),
    },
    close: () => dispatcher.close(),
  };
}

/** Each rung's CPU per call and what each layer adds, at `concurrency` in flight. */
export async function layerLadder(baseUrl, { concurrency, rounds = 15, callsPerRound = 1000 }) {
  const { contenders, close } = await rungs(baseUrl);
  try {
    const results = await wireContest(contenders, { rounds, callsPerRound, concurrency });
    const names = Object.keys(contenders);
    const median = (name) => results[name].cpuMicrosPerCall.median;
    return {
      concurrency,
      cpuMicrosPerCall: Object.fromEntries(names.map((name) => [name, median(name)])),
      addedMicros: Object.fromEntries(names.slice(1).map((name, i) => [name, median(name) - median(names[i])])),
      clientVsUndiciCpu: pairedRatio(results.client.rounds.cpu, results.undiciRequest.rounds.cpu),
      results,
    };
  } finally {
    await close();
  }
}
