// txc-api proxy as a front carries what fronts carry: a signed body near its body limit (whose
// base64 payload header is over Node's default 16 KiB header limit) and a request that asks
// `Expect: 100-continue` (curl does for bodies over 1 KiB), both forwarded whole.
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startProxy, type Proxy } from "../../src/contract-entry.js";
import { signRequest } from "../../src/index.js";
import { operationIndex } from "../../generated/operations.js";

const BALANCE = operationIndex.getMainBalance.path;
const key = { apiKey: "front-key", apiSecret: "front-secret" };
const seen: { headers: IncomingHttpHeaders; bodyBytes: number }[] = [];
let upstream: Server;
let proxy: Proxy;
beforeAll(async () => {
  // An upstream with room for large signing headers, answering what the document allows.
  upstream = createServer({ maxHeaderSize: 1024 * 1024 }, (incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk)).on("end", () => {
      seen.push({ headers: incoming.headers, bodyBytes: Buffer.concat(chunks).length });
      response.writeHead(200, { "content-type": "application/json" }).end('{"BTC":{"main_balance":"1"}}');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  proxy = await startProxy({ upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, credentials: [key] });
});
afterAll(async () => {
  await proxy?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

/** A signed balance request of about `bytes`, sent to the proxy with `extra` headers; the body written once the proxy asks for it when Expect is sent. */
function sendSigned(bytes: number, extra: Record<string, string> = {}): Promise<{ status: number; body: string; continued: boolean }> {
  const { headers, body } = signRequest({ path: BALANCE, body: { ticker: "T".repeat(bytes) }, ...key, nonce: Date.now() * 1000 + seen.length });
  return new Promise((resolve, reject) => {
    let continued = false;
    const outgoing = request(`${proxy.url}${BALANCE}`, { method: "POST", headers: { ...headers, ...extra, "content-length": String(Buffer.byteLength(body)) }, agent: false }, (response) => {
      let text = "";
      response.on("data", (chunk) => (text += chunk)).on("end", () => resolve({ status: response.statusCode!, body: text, continued }));
    });
    outgoing.on("error", reject);
    if (extra.expect) outgoing.on("continue", () => ((continued = true), outgoing.end(body)));
    else outgoing.end(body);
  });
}

it("a signed body of 100 KB (its payload header about 133 KB) is forwarded whole, within the proxy's body limit", async () => {
  const answer = await sendSigned(100_000);
  expect(answer.status).toBe(200);
  expect(seen.at(-1)!.bodyBytes).toBeGreaterThan(100_000);
  expect(String(seen.at(-1)!.headers["x-txc-payload"]).length).toBeGreaterThan(133_000);
});

it("Expect: 100-continue is answered by the proxy and the body forwarded, not a 502 blamed on the upstream", async () => {
  const answer = await sendSigned(2_000, { expect: "100-continue" });
  expect(answer).toMatchObject({ status: 200, continued: true });
  expect(seen.at(-1)!.bodyBytes).toBeGreaterThan(2_000);
  expect(seen.at(-1)!.headers.expect).toBeUndefined();
  expect(proxy.violations().filter((violation) => violation.check === "upstream")).toEqual([]);
});
