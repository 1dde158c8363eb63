// What the idle rule costs: a state-changing call after a pause of more than STALE_IDLE_MS, on a
// fresh connection (the server announced no Keep-Alive timeout) against the same call riding the
// idle connection (the server announced one), side by side in one run, on loopback.
import { createServer } from "node:http";
import { createClient } from "../dist/bundle/index.js";

const code = JSON.stringify({ message: "ok", ticker: "USDT", amount: "25", external_id: "8e2f6a1c-3b4d-4e5f-9a0b-7c6d5e4f3a2b" });
const STALE_IDLE_MS = 500;

async function server(announce) {
  const http = createServer((request, response) => request.resume().on("end", () => response.writeHead(200, { "Content-Type": "application/json" }).end(code)));
  http.keepAliveTimeout = announce ? 5_000 : 0;
  await new Promise((resolve) => http.listen(0, "127.0.0.1", resolve));
  return { http, baseUrl: `http://127.0.0.1:${http.address().port}` };
}

/** Median milliseconds of a state-changing call made after each pause, rounds alternating between the two servers. */
export async function idleFreshConnection(rounds = 8) {
  const fresh = await server(false);
  const riding = await server(true);
  const clients = [fresh, riding].map(({ baseUrl }) => createClient({ baseUrl, apiKey: "bench-key", apiSecret: "bench-secret", retry: false }));
  for (const client of clients) await client.applyCode({ code: "warm" });
  const times = [[], []];
  for (let round = 0; round < rounds; round++) {
    for (const [i, client] of clients.entries()) {
      await new Promise((resolve) => setTimeout(resolve, STALE_IDLE_MS + 100));
      const started = performance.now();
      await client.applyCode({ code: `C${round}` });
      times[i].push(performance.now() - started);
    }
  }
  for (const { http } of [fresh, riding]) http.close();
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { freshMs: median(times[0]), ridingMs: median(times[1]), ratio: median(times[0]) / median(times[1]) };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await idleFreshConnection());
