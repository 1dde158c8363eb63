// The servers bench/sandbox-floor.mjs compares, each run as a process of its own (argv[2] names
// it): the sandbox, a server built on txc-api/server answering the balance, and two bare
// node:http servers that answer it, one of them checking the signature as the sandbox does. Each prints its port, and answers the IPC message "cpu"
// with its own CPU time, so that the caller's CPU does not count against it.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import { builtInDataset } from "../dist/sandbox/dataset.js";
import { createSandbox } from "../dist/sandbox/server.js";
import { createApiHandler, notImplemented, redisStores } from "../dist/bundle/server.js";
import { operationIds, operationIndex } from "../generated/operations.js";

export const CALLER_KEYS = Array.from({ length: 32 }, (_, i) => ({ key: `bench-${i}`, secret: `bench-secret-${i}` }));
const BALANCE = JSON.stringify({ BTC: { main_balance: "0.01532" } });
const APPLIED = { message: "Code was successfully applied", ticker: "BTC", amount: "0.001", external_id: "8e2f6a1c-3b4d-4e5f-9a0b-7c6d5e4f3a2b" };
const APPLIED_TEXT = JSON.stringify(APPLIED);
const APPLY_PATH = operationIndex.applyCode.path;
/** The field a code is applied once by: the document's x-once-per. */
const [ONCE_PER_FIELD] = operationIndex.applyCode.oncePer;

const answer = (response, text) => {
  response.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  response.end(text);
};

function bareServer(checkSignature) {
  const secrets = new Map(CALLER_KEYS.map(({ key, secret }) => [key, secret]));
  const lastNonce = new Map();
  const spentCodes = new Set();
  const refuse = (response, status) => {
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end('{"code":0,"message":"refused","errors":{}}');
  };
  return createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      if (checkSignature) {
        const body = Buffer.concat(chunks);
        const key = request.headers["x-txc-apikey"];
        const payload = request.headers["x-txc-payload"];
        const signature = request.headers["x-txc-signature"];
        const secret = secrets.get(key);
        if (!secret || payload !== body.toString("base64")) return refuse(response, 401);
        const expected = createHmac("sha512", secret).update(payload).digest();
        const given = Buffer.from(String(signature), "hex");
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) return refuse(response, 401);
        const fields = JSON.parse(body.toString("utf8"));
        const nonce = BigInt(fields.nonce);
        if (fields.request !== request.url || nonce <= (lastNonce.get(key) ?? -1n)) return refuse(response, 401);
        lastNonce.set(key, nonce);
        // A code is applied once, as the kit's claim holds it: the same request's work, like with like.
        if (request.url === APPLY_PATH) {
          if (spentCodes.has(fields[ONCE_PER_FIELD])) return refuse(response, 400);
          spentCodes.add(fields[ONCE_PER_FIELD]);
          return answer(response, APPLIED_TEXT);
        }
      }
      answer(response, BALANCE);
    });
  });
}

function sandbox() {
  const dataset = builtInDataset();
  dataset.accounts[0].apiKeys = CALLER_KEYS;
  return createSandbox({ dataset, docsFile: "/nonexistent", documentFile: "/nonexistent", rateLimits: false });
}

/**
 * createApiHandler as a team uses it (responseValidation "throw", the default, or "off"), without
 * rate limits as the bare servers; applyCode accepts every code once (the kit's claim), as a
 * database would. `stores`: the kit's in memory (default), or on a Redis (REDIS_PORT).
 */
async function kitServer(responseValidation = "throw", stores = {}) {
  const keys = new Map(CALLER_KEYS.map(({ key, secret }) => [key, { secret }]));
  const balance = JSON.parse(BALANCE);
  const handlers = Object.fromEntries(operationIds.filter((id) => id !== "ping").map((id) => [id, notImplemented]));
  const api = createApiHandler({ keys: (apiKey) => keys.get(apiKey), rateLimits: false, responseValidation, ...stores, handlers: { ...handlers, getMainBalance: () => balance, applyCode: () => APPLIED } });
  return createServer(api.listener);
}

/** The kit's nonces and claims on the Redis at REDIS_PORT (no rate limits, as the others). */
async function kitOnRedis() {
  const { Redis } = await import("ioredis");
  const redis = new Redis(Number(process.env.REDIS_PORT), { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  await redis.connect();
  const { nonces, claims } = redisStores(redis);
  return kitServer("throw", { nonces, claims });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kind = process.argv[2];
  // kit-without-claims: a claim store that grants every claim, to tell the claim's own cost.
  const granted = { claim: () => ({ taken: true }), settle() {} };
  const server = kind === "sandbox" ? sandbox() : kind === "kit" ? await kitServer() : kind === "kit-unchecked-answers" ? await kitServer("off")
    : kind === "kit-without-claims" ? await kitServer("throw", { claims: granted }) : kind === "kit-on-redis" ? await kitOnRedis() : bareServer(kind === "signature-checking");
  server.keepAliveTimeout = 10_000;
  server.listen(0, "127.0.0.1", () => console.log(server.address().port));
  process.on("message", (message) => message === "cpu" && process.send(process.cpuUsage()));
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}
