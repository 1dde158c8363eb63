// What txc-api proxy adds to an exchange, beside Prism's proxy on the same upstream (the sandbox
// in this process): the median latency of a ping at 1 in flight and of a batch at 32 in flight,
// direct and through each proxy, rounds alternating. Our checks are richer; the cost should not
// be worse than Prism's.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { Agent, request } from "undici";
import { startSandbox } from "../dist/bundle/sandbox.js";
import { startProxy } from "../dist/bundle/contract.js";

const freePort = () => new Promise((resolve) => { const s = createServer().listen(0, "127.0.0.1", () => { const { port } = s.address(); s.close(() => resolve(port)); }); });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function startPrismProxy(upstream) {
  const port = await freePort();
  const prism = spawn(new URL("../node_modules/.bin/prism", import.meta.url).pathname, ["proxy", new URL("../generated/openapi.json", import.meta.url).pathname, upstream, "--host", "127.0.0.1", "--port", String(port), "--errors", "false", "--verboseLevel", "error"], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (await fetch(`${url}/api/v4/public/ping`).then((r) => r.ok, () => false)) return { url, stop: () => prism.kill("SIGTERM") };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  prism.kill("SIGKILL");
  throw new Error("Prism's proxy did not start");
}

async function timed(url, inFlight, agent) {
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, async () => (await request(`${url}/api/v4/public/ping`, { dispatcher: agent })).body.dump()));
  return performance.now() - started;
}

export async function proxyOverhead(rounds = 200) {
  const sandbox = await startSandbox({ rateLimits: false });
  const ours = await startProxy({ upstream: sandbox.url });
  const prism = await startPrismProxy(sandbox.url);
  const targets = { direct: sandbox.url, "txc-api proxy": ours.url, "prism proxy": prism.url };
  const result = {};
  for (const inFlight of [1, 32]) {
    const agent = new Agent({ connections: 32 });
    const times = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
    for (let round = 0; round < rounds / (inFlight === 1 ? 1 : 8); round++) {
      for (const [name, url] of Object.entries(targets)) times[name].push(await timed(url, inFlight, agent));
    }
    await agent.close();
    const direct = median(times.direct);
    result[inFlight] = Object.fromEntries(Object.entries(times).map(([name, values]) => [name, { medianMs: median(values), addedMs: median(values) - direct }]));
  }
  prism.stop();
  await ours.close();
  await sandbox.close();
  return { ...result, oursVsPrismAdded1: result[1]["txc-api proxy"].addedMs / result[1]["prism proxy"].addedMs, oursVsPrismAdded32: result[32]["txc-api proxy"].addedMs / result[32]["prism proxy"].addedMs };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await proxyOverhead(), null, 2));
