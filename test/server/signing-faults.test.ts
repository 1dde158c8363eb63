// One rule, one home: each signing fault gets the same status and body from a server built on
// txc-api/server (the example, a real process), from the sandbox (a real process), and as the
// proxy's verdict on the same request sent through it.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import { startProxy, type Proxy } from "../../src/contract-entry.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { linkedExample, startExampleServer, type ExampleServer } from "../helpers/linked-example.js";
import { startSandbox, type Sandbox } from "../helpers/sandbox.js";

const { key: apiKey, secret } = demoKeys.partner;
const BALANCE = operationIndex.getMainBalance.path;
const example = linkedExample("server-node");
let kit: ExampleServer;
let sandbox: Sandbox;
let proxy: Proxy;
let nonce = Date.now() * 1000;

beforeAll(async () => {
  [kit, sandbox] = await Promise.all([startExampleServer(example.dir, "src/main.mjs", { TXC_API_KEY: apiKey, TXC_API_SECRET: secret }), startSandbox()]);
  proxy = await startProxy({ upstream: sandbox.baseUrl, credentials: [{ apiKey, apiSecret: secret }] });
});
afterAll(async () => {
  await proxy?.close();
  await Promise.all([kit?.stop(), sandbox?.stop()]);
  example.remove();
});

type Sent = { headers: Record<string, string>; body: Buffer };
const payloadOf = (bytes: Buffer) => bytes.toString("base64");
const signatureOf = (payload: string, key: string = secret) => createHmac("sha512", key).update(payload).digest("hex");
/** `bytes` signed as they are, with its headers changed by `change`. */
function signedBytes(bytes: Buffer, change: (headers: Record<string, string>) => void = () => {}): Sent {
  const payload = payloadOf(bytes);
  const headers: Record<string, string> = { "Content-Type": "application/json", "X-TXC-APIKEY": apiKey, "X-TXC-PAYLOAD": payload, "X-TXC-SIGNATURE": signatureOf(payload) };
  change(headers);
  return { headers, body: bytes };
}
const bodyText = (fields: object = {}) => JSON.stringify({ request: BALANCE, nonce: String(++nonce), ...fields });

const faults: [string, () => Sent][] = [
  ["no signing headers", () => ({ headers: { "Content-Type": "application/json" }, body: Buffer.from(bodyText()) })],
  ["no signature header", () => signedBytes(Buffer.from(bodyText()), (h) => delete h["X-TXC-SIGNATURE"])],
  ["a payload that is not the body", () => ({ ...signedBytes(Buffer.from(bodyText())), body: Buffer.from(bodyText({ ticker: "BTC" })) })],
  ["a body parsed and serialised again", () => {
    const spaced = `{ "request": "${BALANCE}", "nonce": "${++nonce}" }`;
    return { ...signedBytes(Buffer.from(spaced)), body: Buffer.from(JSON.stringify(JSON.parse(spaced))) };
  }],
  ["a wrong secret", () => signedBytes(Buffer.from(bodyText()), (h) => (h["X-TXC-SIGNATURE"] = signatureOf(h["X-TXC-PAYLOAD"]!, "not-the-secret")))],
  ["a signature one hex digit short", () => signedBytes(Buffer.from(bodyText()), (h) => (h["X-TXC-SIGNATURE"] = h["X-TXC-SIGNATURE"]!.slice(1)))],
  ["Content-Type text/plain", () => signedBytes(Buffer.from(bodyText()), (h) => (h["Content-Type"] = "text/plain"))],
  ["a body that is not UTF-8", () => signedBytes(Buffer.concat([Buffer.from(`{"request":"${BALANCE}","nonce":"${++nonce}","ticker":"B`), Buffer.from([0xff]), Buffer.from('"}')]))],
  ["a body that is not JSON", () => signedBytes(Buffer.from(`{"request":"${BALANCE}",`))],
  ["a field twice", () => signedBytes(Buffer.from(`{"request":"${BALANCE}","nonce":"${++nonce}","ticker":"BTC","ticker":"ETH"}`))],
  ["a JSON array", () => signedBytes(Buffer.from(`["${BALANCE}"]`))],
  ["request not the path called", () => signedBytes(Buffer.from(JSON.stringify({ request: operationIndex.applyCode.path, nonce: String(++nonce) })))],
];

async function send(baseUrl: string, { headers, body }: Sent) {
  const response = await fetch(baseUrl + BALANCE, { method: "POST", headers, body: new Uint8Array(body) });
  return { status: response.status, body: await response.json() };
}

/** The answers of the kit, the sandbox and through the proxy, and the proxy's verdict. */
async function answersTo(sent: Sent) {
  const before = proxy.violations().length;
  const [fromKit, fromSandbox, throughProxy] = [await send(kit.baseUrl, sent), await send(sandbox.baseUrl, sent), await send(proxy.url, sent)];
  const verdicts = proxy.violations().slice(before).flatMap((violation) => (violation.documentedAnswer ? [violation.documentedAnswer] : []));
  return { fromKit, fromSandbox, throughProxy, verdict: verdicts[0] };
}

it.each(faults)("%s: the same status and body from the kit, the sandbox and the proxy's verdict", async (_name, make) => {
  const { fromKit, fromSandbox, throughProxy, verdict } = await answersTo(make());
  expect(fromKit.status).toBeGreaterThanOrEqual(400);
  expect(fromSandbox).toEqual(fromKit);
  expect(throughProxy).toEqual(fromKit);
  expect(verdict).toEqual(fromKit);
});

it("a replayed request: the same 401 from each, and the proxy's verdict", async () => {
  const accepted = signedBytes(Buffer.from(bodyText()));
  const first = await answersTo(accepted);
  expect([first.fromKit.status, first.fromSandbox.status]).toEqual([200, 200]);
  const replay = await answersTo(accepted);
  expect(replay.fromKit).toMatchObject({ status: 401, body: { message: expect.stringMatching(/nonce must be greater/) } });
  expect(replay.fromSandbox).toEqual(replay.fromKit);
  expect(replay.throughProxy).toEqual(replay.fromKit);
  expect(replay.verdict).toEqual(replay.fromKit);
});

it("an unknown key: the same 401 from the kit and the sandbox (the proxy cannot know the upstream's keys)", async () => {
  const sent = signedBytes(Buffer.from(bodyText()), (h) => (h["X-TXC-APIKEY"] = "nobody"));
  const [fromKit, fromSandbox] = [await send(kit.baseUrl, sent), await send(sandbox.baseUrl, sent)];
  expect(fromKit).toEqual({ status: 401, body: { code: 401, message: "Unknown API key.", errors: {} } });
  expect(fromSandbox).toEqual(fromKit);
});
