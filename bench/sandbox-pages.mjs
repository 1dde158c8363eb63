// The sandbox serving a 100-record investments page: requests per second with each record
// serialised once (the default) against serialising every page afresh, side by side, each
// sandbox in a process of its own.
import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { Agent, request } from "undici";
import { wireContest } from "./measure.mjs";

const IN_FLIGHT = 32;
const path = "/api/v4/main-account/smart/investments";

/** A sandbox process of its own, so that the callers' CPU does not count against it. */
async function startPageSandbox(mode) {
  const child = spawn(process.execPath, [new URL("./page-sandbox.mjs", import.meta.url).pathname, mode, String(IN_FLIGHT)], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((resolve) => child.stdout.once("data", (chunk) => resolve(Number(String(chunk).trim()))));
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => child.kill("SIGTERM") };
}

/** A caller that fetches the whole page, each of the 32 in flight with its own key, so that nonces arrive in order. */
function pageCaller(baseUrl) {
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  const keys = Array.from({ length: IN_FLIGHT }, (_, i) => ({ key: `page-${i}`, secret: `page-secret-${i}`, nonce: Date.now() * 1000, busy: false }));
  return async () => {
    const identity = keys.find((k) => !k.busy);
    identity.busy = true;
    try {
      const body = JSON.stringify({ request: path, nonce: String(++identity.nonce), limit: 100 });
      const payload = Buffer.from(body).toString("base64");
      const signature = createHmac("sha512", identity.secret).update(payload).digest("hex");
      const headers = { "Content-Type": "application/json", "X-TXC-APIKEY": identity.key, "X-TXC-PAYLOAD": payload, "X-TXC-SIGNATURE": signature };
      const response = await request(baseUrl + path, { method: "POST", headers, body, dispatcher });
      const text = await response.body.text();
      if (response.statusCode !== 200 || text.length < 10_000) throw new Error(`page answered ${response.statusCode}`);
    } finally {
      identity.busy = false;
    }
  };
}

export async function sandboxPages() {
  const cached = await startPageSandbox("cached");
  const uncached = await startPageSandbox("uncached");
  try {
    return await wireContest({ cachedPages: pageCaller(cached.baseUrl), serialisedEachTime: pageCaller(uncached.baseUrl) }, { rounds: 5, callsPerRound: 1000, concurrency: IN_FLIGHT });
  } finally {
    cached.stop();
    uncached.stop();
  }
}
