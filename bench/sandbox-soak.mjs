// Soak: 100,000 requests from 10,000 client addresses (127.1.x.y, ten each over one keep-alive
// connection) against the sandbox, then the heap once the rate-limit windows have expired. It
// fails (exit 1) when the heap does not come back near where it started: memory per client
// address must not be kept for ever. Run with `npm run soak`; it takes about a minute.
import { request, Agent } from "node:http";
import { builtInDataset } from "../dist/sandbox/dataset.js";
import { createSandbox } from "../dist/sandbox/server.js";

const ADDRESSES = 10_000;
const REQUESTS = 100_000;
const IN_FLIGHT = 64;
const WINDOW_MS = 10_000; // the longest documented rate-limit period
const ALLOWED_GROWTH_BYTES = 4 * 1024 * 1024;

if (typeof globalThis.gc !== "function") {
  console.error("Run with node --expose-gc (npm run soak does).");
  process.exit(2);
}

const server = createSandbox({ dataset: builtInDataset(), docsFile: "/nonexistent", documentFile: "/nonexistent" });
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address();

const heapMiB = () => {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};
const addressOf = (i) => `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;

/** One request; every tenth is a private call with an unknown key (counted, then answered 401). */
function send(agent, localAddress, i) {
  const signed = i % 10 === 0;
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: "127.0.0.1",
        port,
        agent,
        localAddress,
        method: signed ? "POST" : "GET",
        path: signed ? "/api/v4/main-account/balance" : "/api/v4/public/ping",
        headers: signed ? { "Content-Type": "application/json", "X-TXC-APIKEY": "soak", "X-TXC-PAYLOAD": "e30=", "X-TXC-SIGNATURE": "0".repeat(128) } : {},
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode));
      },
    );
    sent.on("error", reject);
    sent.end(signed ? "{}" : undefined);
  });
}

/** `perAddress` requests from each address in turn over one keep-alive connection, 64 addresses at a time. */
async function burst(addresses, perAddress) {
  const statuses = new Map();
  let nextAddress = 0;
  let sent = 0;
  const started = Date.now();
  async function worker() {
    while (nextAddress < addresses) {
      const a = nextAddress++;
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = 0; i < perAddress; i++) {
        const status = await send(agent, addresses === 1 ? "127.0.0.1" : addressOf(a), i);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (++sent % 20_000 === 0) process.stderr.write(`  ${sent.toLocaleString("en")} requests, ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      }
      agent.destroy();
    }
  }
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, addresses) }, worker));
  return Object.fromEntries(statuses);
}

await burst(1, 2_000); // warm-up from one address
const before = heapMiB();
console.log(`heap before: ${before.toFixed(1)} MiB`);
const statuses = await burst(ADDRESSES, REQUESTS / ADDRESSES);
const peak = heapMiB();
console.log(`heap after ${REQUESTS.toLocaleString("en")} requests from ${ADDRESSES.toLocaleString("en")} addresses: ${peak.toFixed(1)} MiB (statuses ${JSON.stringify(statuses)})`);
process.stderr.write(`  waiting ${WINDOW_MS / 1000 + 1} s for the windows to expire\n`);
await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 1_000));
// Windows are swept while the server works, so some ordinary traffic follows the quiet spell.
await burst(1, 1_000);
const after = heapMiB();
console.log(`heap after the windows expired: ${after.toFixed(1)} MiB (${(after - before >= 0 ? "+" : "") + (after - before).toFixed(1)} MiB against before)`);
server.close();
const flat = (after - before) * 1024 * 1024 < ALLOWED_GROWTH_BYTES;
console.log(flat ? "flat: the addresses' windows were freed" : `NOT flat: grew by more than ${ALLOWED_GROWTH_BYTES / 1024 / 1024} MiB`);
process.exit(flat ? 0 : 1);
