// No input makes the sandbox answer 5xx or stop answering: 2,000 random bodies and header sets.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { operationIndex as operations, signRequest } from "../../src/index.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { sandboxPerFile } from "../helpers/sandbox.js";

const sandbox = sandboxPerFile();

const paths = [...Object.values(operations).map((op) => op.path), "/api/v4/unknown", "/", "/openapi.json", "/api/v4/main-account/"];
let nonce = BigInt(Date.now()) * 1000n;

const headerValue = fc.oneof(fc.string({ maxLength: 40 }), fc.base64String({ maxLength: 60 }), fc.constant(demoKeys.partner.key), fc.constant(demoKeys.basic.key));
const randomRequest = fc.record({
  method: fc.constantFrom("GET", "POST", "PUT", "DELETE"),
  path: fc.constantFrom(...paths),
  body: fc.oneof(fc.json({ maxDepth: 3 }), fc.string({ maxLength: 200 }), fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify({ v }))),
  // Half of the requests are properly signed, so that random bodies reach validation and handlers.
  signed: fc.boolean(),
  headers: fc.dictionary(fc.constantFrom("X-TXC-APIKEY", "X-TXC-PAYLOAD", "X-TXC-SIGNATURE", "Content-Type", "Content-Length-Ignored"), headerValue),
});

const jsonFields = fc.dictionary(
  fc.constantFrom("ticker", "limit", "offset", "status", "id", "plan", "enabled", "code", "passphrase", "transaction_id", "address", "accountName", "market", "apiKeyId", "planId", "other"),
  fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.uuid(), fc.array(fc.integer(), { maxLength: 3 })),
);

describe("sandbox robustness", () => {
  it("never answers 5xx to 2,000 random requests, and keeps answering", async () => {
    const statuses = new Map<number, number>();
    const send = async (method: string, path: string, headers: Record<string, string>, body?: string) => {
      const response = await fetch(sandbox.baseUrl + path, { method, headers, body: method === "GET" ? undefined : body });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      return response.status;
    };
    await fc.assert(
      fc.asyncProperty(randomRequest, jsonFields, async (request, fields) => {
        let { headers, body } = request;
        if (request.signed && request.method === "POST") {
          const key = request.body.length % 2 ? demoKeys.partner : demoKeys.basic;
          const s = signRequest({ path: request.path, body: fields, apiKey: key.key, apiSecret: key.secret, nonce: String(++nonce) });
          headers = s.headers;
          body = s.body;
        }
        expect(await send(request.method, request.path, headers, body)).toBeLessThan(500);
      }),
      { numRuns: 2000, seed: 20261121 },
    );
    expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect(statuses.get(401)).toBeGreaterThan(0);
    expect((await fetch(`${sandbox.baseUrl}/api/v4/public/ping`)).status).toBe(200);
  });
});
