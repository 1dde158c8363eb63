// The sandbox fuzzed from outside, as users' own test suites and fuzzers meet it: bodies made from
// each request schema, one-step mutants of them, and protocol abuse, sent back to back over one
// keep-alive connection, to the in-process sandbox and to `txc-api serve`. Every request must be
// answered, with a status the document gives the operation (or 413/431 for the oversized), in
// JSON valid for that status. Seeded by fast-check: a failure prints the seed and the case.
import { createHmac } from "node:crypto";
import path from "node:path";
import fc from "fast-check";
import { Agent, request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractFacts } from "../../generated/contract-facts.js";
import { operationIndex } from "../../generated/operations.js";
import { seededRandom, sampleValid } from "../../src/contract/random.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { startSandbox, type Sandbox } from "../../src/sandbox-entry.js";
import { documentedStatusKey } from "../../src/validation/status-key.js";
import { responseValidator, type ValidatedOperationId } from "../helpers/validators.js";
import { freePort, startProcess, type Started } from "../helpers/processes.js";
import { root } from "../helpers/project.js";

type OperationId = keyof typeof operationIndex;
const signedOperations = (Object.keys(operationIndex) as OperationId[]).filter((id) => operationIndex[id].signed);
const KINDS = [
  "valid", "drop-required", "wrong-type", "out-of-bounds", "unknown-field",
  "bad-json", "duplicate-key", "no-signature", "wrong-signature", "reused-nonce", "wrong-request", "wrong-content-type", "oversized", "deep-nesting",
] as const;
type Kind = (typeof KINDS)[number];
type Probe = { operationId: OperationId; kind: Kind; seed: number };

const { key, secret } = demoKeys.partner;
const sign = (payloadOf: string, withSecret: string = secret) => createHmac("sha512", withSecret).update(payloadOf).digest("hex");

/** One probe as bytes on the wire: a body made from the request schema, then the probe's one change. */
function wire(probe: Probe, nonce: () => string, lastNonce: () => string) {
  const { path: target, method } = operationIndex[probe.operationId];
  const schema = contractFacts[probe.operationId].requestSchema as Record<string, any>;
  const random = seededRandom(probe.seed);
  const fields = sampleValid(schema, random) as Record<string, unknown>;
  const body: Record<string, unknown> = { ...fields, request: target, nonce: probe.kind === "reused-nonce" ? lastNonce() : nonce() };
  const names = Object.keys(schema.properties ?? {}).filter((name) => name !== "request" && name !== "nonce");
  const some = names.length ? random.pick(names) : "ticker";
  if (probe.kind === "drop-required") delete body[random.pick((schema.required as string[]) ?? ["nonce"])];
  if (probe.kind === "wrong-type") body[some] = random.pick([123, true, null, ["a"], { a: 1 }]);
  if (probe.kind === "out-of-bounds") body[some] = random.pick([-1, 10_001, 101, 0, "", "x".repeat(300)]);
  if (probe.kind === "unknown-field") body[`${some}x`] = "value";
  if (probe.kind === "wrong-request") body.request = "/api/v4/main-account/elsewhere";
  let text = JSON.stringify(body);
  if (probe.kind === "bad-json") text = text.slice(0, -1);
  if (probe.kind === "duplicate-key") text = text.replace(/^\{/, `{"nonce":"1",`);
  if (probe.kind === "oversized") text = JSON.stringify({ ...body, padding: "x".repeat(random.int(9_000, 40_000)) });
  if (probe.kind === "deep-nesting") text = `${"[".repeat(2_000)}${"]".repeat(2_000)}`;
  const payload = Buffer.from(text).toString("base64");
  const headers: Record<string, string> = { "content-type": probe.kind === "wrong-content-type" ? "text/plain" : "application/json" };
  if (probe.kind !== "no-signature") Object.assign(headers, { "x-txc-apikey": key, "x-txc-payload": payload, "x-txc-signature": sign(payload, probe.kind === "wrong-signature" ? `${secret}x` : secret) });
  return { method, target, headers, body: text };
}

/** What is wrong with an answer: nothing when its status is the operation's (or 413/431 for a body too large) and its JSON fits it. */
function problemOf(probe: Probe, status: number, text: string): string | undefined {
  const documented = new Set(contractFacts[probe.operationId].statuses);
  const tooLarge = probe.kind === "oversized" && (status === 413 || status === 431);
  if (!tooLarge && documentedStatusKey(status, (k) => documented.has(k)) === undefined) return `status ${status} is not documented for ${probe.operationId}`;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return `the body is not JSON: ${text.slice(0, 80)}`;
  }
  if (tooLarge) return undefined;
  const validate = responseValidator(probe.operationId as ValidatedOperationId, status);
  return validate && !validate(json) ? `the body does not fit ${status}: ${JSON.stringify(validate.errors?.[0])}` : undefined;
}

const probe = fc.record({ operationId: fc.constantFrom(...signedOperations), kind: fc.constantFrom(...KINDS), seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }) });

/** Runs seeded batches of probes back to back over one keep-alive connection; every answer judged. */
async function fuzz(baseUrl: string, seed: number) {
  let counter = Date.now() * 1000;
  let last = String(counter);
  const nonce = () => (last = String(++counter));
  const sent = { requests: 0 };
  await fc.assert(
    fc.asyncProperty(fc.array(probe, { minLength: 20, maxLength: 30 }), async (probes) => {
      const agent = new Agent({ connections: 1, keepAliveTimeout: 10_000 });
      try {
        for (const one of probes) {
          const { method, target, headers, body } = wire(one, nonce, () => last);
          sent.requests++;
          const answer = await request(`${baseUrl}${target}`, { method: method as "POST", headers, body, dispatcher: agent }).catch((error: Error) => error);
          if (answer instanceof Error) throw new Error(`no answer to ${JSON.stringify(one)}: ${answer.message}`);
          const problem = problemOf(one, answer.statusCode, await answer.body.text());
          if (problem) throw new Error(`${JSON.stringify(one)}: ${problem}`);
        }
      } finally {
        await agent.close();
      }
    }),
    { seed, numRuns: 8, endOnFailure: true },
  );
  return sent.requests;
}

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);

describe("the sandbox fuzzed from outside (seed via FUZZ_SEED)", () => {
  let inProcess: Sandbox;
  let served: Started & { baseUrl: string };
  beforeAll(async () => {
    inProcess = await startSandbox({ rateLimits: false });
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    served = { ...(await startProcess(process.execPath, [path.join(root, "dist", "bundle", "cli.js"), "serve", "--port", String(port), "--no-rate-limits"], async () => (await fetch(`${baseUrl}/api/v4/public/ping`)).ok)), baseUrl };
  });
  afterAll(async () => {
    await inProcess?.close();
    await served?.stop();
  });

  it("startSandbox: every request answered, on the document", async () => {
    expect(await fuzz(inProcess.url, SEED)).toBeGreaterThanOrEqual(160);
  });

  it("txc-api serve: every request answered, on the document", async () => {
    expect(await fuzz(served.baseUrl, SEED + 1)).toBeGreaterThanOrEqual(160);
  });
});
