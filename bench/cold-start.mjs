// One cold start, run in a fresh process against a loopback server (argv: mode, port, and
// --count-files): `client` imports the package's shipped entry (dist/bundle/index.js) and makes its
// first signed, validated call; `openapi-fetch` makes the same signed call with openapi-fetch over
// the global fetch, signed by hand. The caller times the whole process. With --count-files it
// prints the module files read (ESM through a load hook, CommonJS from require's cache): a hook
// runs in a thread of its own and slows every load, so timed runs go without it.
import { createHmac } from "node:crypto";
import Module, { register } from "node:module";
import { MessageChannel } from "node:worker_threads";

const [mode, port, countFiles] = [process.argv[2], process.argv[3], process.argv[4] === "--count-files"];
const files = new Set();
const { port1, port2 } = new MessageChannel();
if (countFiles) {
  port1.on("message", (url) => files.add(url));
  register(
    "data:text/javascript," + encodeURIComponent(
      "let port; export function initialize(data) { port = data.port; }" +
      "export async function load(url, context, next) { if (url.startsWith('file:')) port.postMessage(url); return next(url, context); }"),
    { data: { port: port2 }, transferList: [port2] },
  );
}
const baseUrl = `http://127.0.0.1:${port}`;
const path = "/api/v4/main-account/balance";

if (mode === "client") {
  const { createClient } = await import("../dist/bundle/index.js");
  await createClient({ baseUrl, apiKey: "k", apiSecret: "s" }).getMainBalance({ ticker: "BTC" });
} else {
  const { default: createFetchClient } = await import("openapi-fetch");
  const body = { request: path, nonce: String(Date.now()), ticker: "BTC" };
  const payload = Buffer.from(JSON.stringify(body)).toString("base64");
  const headers = { "X-TXC-APIKEY": "k", "X-TXC-PAYLOAD": payload, "X-TXC-SIGNATURE": createHmac("sha512", "s").update(payload).digest("hex") };
  const { data } = await createFetchClient({ baseUrl }).POST(path, { body, headers });
  if (!data) throw new Error("bench/cold-start.mjs: no answer");
}
if (countFiles) {
  await new Promise((resolve) => setTimeout(resolve, 20)); // the hook's last messages
  for (const file of Object.keys(Module._cache)) files.add(`file://${file}`);
  files.delete(import.meta.url); // this script itself not counted
  const undici = [...files].filter((url) => url.includes("/node_modules/undici/")).length;
  // The optional OpenTelemetry API, installed here for the tests, loads only where an application installed it.
  const optional = [...files].filter((url) => url.includes("/node_modules/@opentelemetry/")).length;
  console.log(JSON.stringify({ own: files.size - undici - optional, undici, optional }));
}
port1.close();
