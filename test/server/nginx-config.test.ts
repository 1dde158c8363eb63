// The nginx configuration docs/server.md prints, run as printed (its ports, and the 504's timeout
// shortened, are the only values set here) in front of two Express workers of the kit given
// maxBodyBytes 128 KiB: a 100 KB signed body reaches a worker; nginx's own refusals (413, a header
// past its buffer, a worker that hangs, workers gone) are JSON; a forged X-Forwarded-For picks no
// rate-limit bucket. A planted front (nginx appending, Express trusting "loopback") is shown to
// let the forging client through, so that the held case means something.
import { readFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import { signRequest } from "../../src/index.js";
import { createApiHandler, MemoryRateLimits, type ApiHandler } from "../../src/server-entry.js";
import { fillWindowFrom } from "../helpers/client-addresses.js";
import { startFront, type Front } from "../helpers/framework-fronts.js";
import { startNginx, type Front as Nginx } from "../helpers/fronts.js";
import { notWrittenYet } from "../helpers/not-written.js";
import { root } from "../helpers/project.js";

const BALANCE = operationIndex.getMainBalance.path;
const MAX_BODY = 128 * 1024;
const key = { apiKey: "team-key", apiSecret: "team-secret" };

/** The guide's block, with the values a test must set replaced; each replacement must have been found. */
function guideConfig(listen: number, workers: number[], change: (config: string) => string = (config) => config): string {
  const guide = readFileSync(path.join(root, "docs", "server.md"), "utf8");
  const block = /<!-- the configuration the suite runs[^\n]*-->\n```nginx\n([\s\S]*?)```/.exec(guide)?.[1];
  if (!block) throw new Error("docs/server.md has no nginx block marked as the one the suite runs");
  const replacements: [string, string][] = [
    ["listen 80;", `listen 127.0.0.1:${listen};`],
    ["server 127.0.0.1:8080;", `server 127.0.0.1:${workers[0]};`],
    ["server 127.0.0.1:8081;", `server 127.0.0.1:${workers[1]};`],
    ["proxy_read_timeout 15s;", "proxy_read_timeout 2s;"],
  ];
  let config = block;
  for (const [from, to] of replacements) {
    if (!config.includes(from)) throw new Error(`the guide's nginx block no longer has ${JSON.stringify(from)}`);
    config = config.replace(from, to);
  }
  return change(config);
}

/** Two Express workers of the kit, one rate-limit store between them (as Redis would be). */
async function twoWorkers(trustProxy: boolean | string, hang?: Promise<void>): Promise<Front[]> {
  const rateLimits = new MemoryRateLimits();
  const api = (): ApiHandler => createApiHandler({
    keys: (apiKey) => (apiKey === key.apiKey ? { secret: key.apiSecret, partner: true } : undefined),
    maxBodyBytes: MAX_BODY, rateLimits,
    handlers: { ...notWrittenYet(), getMainBalance: async ({ body }) => (body.ticker === "HANG" && (await hang), {}) },
  });
  return Promise.all([startFront("express", api(), { trustProxy }), startFront("express", api(), { trustProxy })]);
}
const portOf = (front: Front) => Number(new URL(front.baseUrl).port);
/** A new forged X-Forwarded-For for each request a client sends. */
const forged = (n: number) => ({ "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` });

let nonce = Date.now();
type Answer = { status: number; contentType: string; body: string };
/** A signed POST of `body` through nginx, read whole, or the connection's error. */
function post(port: number, body: Record<string, unknown>): Promise<Answer> {
  const signed = signRequest({ path: BALANCE, body, ...key, nonce: ++nonce });
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: "127.0.0.1", port, path: BALANCE, method: "POST", agent: false, headers: signed.headers }, (response) => {
      let text = "";
      response.setEncoding("utf8").on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, contentType: String(response.headers["content-type"]), body: text }));
    });
    outgoing.on("error", reject).end(signed.body);
  });
}
const expectJsonError = (answer: Answer, status: number) => {
  expect(answer.status).toBe(status);
  expect(answer.contentType).toBe("application/json");
  expect(JSON.parse(answer.body)).toMatchObject({ code: status, message: expect.any(String), errors: {} });
};

describe("the guide's nginx configuration, before two workers given maxBodyBytes 128 KiB", () => {
  let release!: () => void;
  const hang = new Promise<void>((resolve) => (release = resolve));
  let workers: Front[];
  let nginx: Nginx;
  beforeAll(async () => {
    workers = await twoWorkers(true, hang);
    nginx = await startNginx(([port]) => guideConfig(port!, workers.map(portOf)));
  });
  afterAll(async () => {
    release();
    await nginx?.close();
    await Promise.all((workers ?? []).map((worker) => worker.close()));
  });

  it("carries a 100 KB signed body to a worker (its payload header in one buffer) and its answer back", async () => {
    const answer = await post(nginx.port, { note: "x".repeat(100_000) });
    expect(answer).toMatchObject({ status: 200, body: "{}" });
  });

  it("answers a body past client_max_body_size 413 in JSON, and a payload header past its buffer 400 in JSON", async () => {
    expectJsonError(await post(nginx.port, { note: "x".repeat(MAX_BODY + 1_000) }), 413);
    expectJsonError(await post(nginx.port, { note: "x".repeat(160_000) }), 400);
  });

  it("answers a worker that does not answer in time 504 in JSON", async () => {
    expectJsonError(await post(nginx.port, { ticker: "HANG" }), 504);
  });

  it("counts a client sending a new forged X-Forwarded-For each time in its own bucket: its window fills", async () => {
    const [limit] = operationIndex.getMainBalance.rateLimits;
    expect(await fillWindowFrom("127.0.0.2", nginx.port, limit!.requests, forged)).toMatchObject({ limited: true });
  });

  it("answers 502 in JSON once the workers are gone", async () => {
    await Promise.all(workers.map((worker) => worker.close()));
    workers = [];
    expectJsonError(await post(nginx.port, {}), 502);
  });
});

it("planted: nginx appending X-Forwarded-For and Express trusting \"loopback\" let the forging client past its limit", async () => {
  const workers = await twoWorkers("loopback");
  const appending = (config: string) => config.replace("proxy_set_header X-Forwarded-For $remote_addr;", "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;");
  const nginx = await startNginx(([port]) => guideConfig(port!, workers.map(portOf), appending));
  try {
    const [limit] = operationIndex.getMainBalance.rateLimits;
    const { sent, limited } = await fillWindowFrom("127.0.0.2", nginx.port, limit!.requests, forged);
    expect(limited).toBe(false);
    expect(sent).toBeGreaterThan(3 * limit!.requests);
  } finally {
    await nginx.close();
    await Promise.all(workers.map((worker) => worker.close()));
  }
});
