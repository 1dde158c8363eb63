// One cold start, run in a fresh process: `client` imports the package entry and makes the first
// validated call; `runtime-compile` compiles the same validators from openapi.json with ajv at
// run time instead. Prints the milliseconds taken.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const mode = process.argv[2];
const start = performance.now();
const answer = JSON.stringify({ BTC: { main_balance: "1" } });
const fetch = async () => new Response(answer, { status: 200, headers: { "Content-Type": "application/json" } });

if (mode === "client") {
  const { createClient } = await import("../dist/index.js");
  const client = createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", apiSecret: "s", fetch });
  await client.getMainBalance({ ticker: "BTC" });
} else {
  const require = createRequire(import.meta.url);
  const Ajv2020 = require("ajv/dist/2020").default;
  const addFormats = require("ajv-formats").default;
  const document = JSON.parse(readFileSync(new URL("../generated/openapi.json", import.meta.url), "utf8"));
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, "openapi.json");
  const request = ajv.compile({ $ref: "openapi.json#/components/schemas/MainBalanceRequest" });
  const response = ajv.compile({ $ref: "openapi.json#/components/schemas/MainBalance" });
  if (!request({ request: "/api/v4/main-account/balance", nonce: "1", ticker: "BTC" })) throw new Error("invalid");
  if (!response(JSON.parse(await (await fetch()).text()))) throw new Error("invalid");
}
console.log(performance.now() - start);
