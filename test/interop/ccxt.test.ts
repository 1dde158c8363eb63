// The most used third-party client of this API, unmodified: ccxt's whitebit class, its v4 URLs
// pointed at a sandbox process this test starts. ccxt signs on its own and adds
// "nonceWindow": false to every private body; every operation of the document must answer 200
// with a body valid against the document.
import ccxt from "ccxt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { operationIndex } from "../../generated/operations.js";
import { responseValidator } from "../helpers/validators.js";
import { httpOperationIds, operationPath, requestExample } from "../helpers/examples.js";
import { resetSandbox, startSandbox, type Sandbox } from "../helpers/sandbox.js";

let sandbox: Sandbox;
let exchange: InstanceType<typeof ccxt.whitebit>;
// Every request that reached the sandbox from ccxt, as ccxt sent it.
const sentBodies: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
  exchange = new ccxt.whitebit({ apiKey: demoKeys.partner.key, secret: demoKeys.partner.secret, enableRateLimit: false, timeout: 10_000 });
  const urls = exchange.urls as { api: Record<string, Record<string, string>> };
  urls.api = { v4: { public: `${sandbox.baseUrl}/api/v4/public`, private: `${sandbox.baseUrl}/api/v4` } };
  const original = exchange.fetch.bind(exchange);
  exchange.fetch = (url: string, method?: string, headers?: object, body?: string) => {
    if (body) sentBodies.push(body);
    return original(url, method, headers, body);
  };
});
afterAll(() => sandbox?.stop());

// ccxt's nonce is the millisecond clock and the sandbox wants each nonce above the last (the
// rule ccxt itself asks for with nonceWindow: false), so calls are spaced by a clock tick.
async function nextMillisecond() {
  const now = Date.now();
  while (Date.now() === now) await new Promise((resolve) => setTimeout(resolve, 1));
}

/** ccxt's implicit v4 method for a path: POST /api/v4/main-account/balance -> v4PrivatePostMainAccountBalance. */
function implicitMethod(path: string, method: string): string {
  const rest = path.replace(/^\/api\/v4\//, "");
  const accessibility = rest.startsWith("public/") ? "Public" : "Private";
  const words = (accessibility === "Public" ? rest.slice("public/".length) : rest).split(/[\/\-_]/);
  return `v4${accessibility}${method[0]}${method.slice(1).toLowerCase()}${words.map((w) => w[0].toUpperCase() + w.slice(1)).join("")}`;
}

const ccxtCalls = httpOperationIds.map((operationId) => {
  const path = operationPath(operationId);
  const method = operationId === "ping" ? "GET" : "POST";
  return { operationId, path, method, name: implicitMethod(path, method) };
});

describe("ccxt whitebit against the sandbox", () => {
  it("reaches every operation: all but the refund through implicit v4 methods, the refund through request()", () => {
    expect(ccxtCalls.map((call) => call.operationId), "the document's paths against the generated index").toEqual(Object.keys(operationIndex));
    const missing = ccxtCalls.filter(({ name }) => typeof (exchange as unknown as Record<string, unknown>)[name] !== "function");
    expect(missing.map(({ operationId, name }) => `${operationId}: ${name}`)).toEqual(["refundDeposit: v4PrivatePostMainAccountRefundDeposit"]);
  });

  it.each(ccxtCalls)("$operationId answers 200, valid against the document", async ({ operationId, path, name }) => {
    await resetSandbox(sandbox);
    await nextMillisecond();
    const params = requestExample(operationId) ?? {};
    const before = sentBodies.length;
    const implicit = (exchange as unknown as Record<string, (params: object) => Promise<unknown>>)[name];
    const answer = implicit
      ? await implicit.call(exchange, params)
      : await exchange.request(path.replace(/^\/api\/v4\//, ""), ["v4", "private"], "POST", params);
    const validate = responseValidator(operationId as never, 200)!;
    expect(validate(answer), JSON.stringify(validate.errors)).toBe(true);
    if (operationId !== "ping") {
      // What ccxt really sent: its own fields, nonceWindow among them, beside the documented ones.
      const sent = JSON.parse(sentBodies[before]);
      expect(sent).toMatchObject({ ...params, request: path, nonceWindow: false });
      expect(sent.nonce).toMatch(/^\d+$/);
    }
  });
});
