// Each framework's server as a user runs it: compiled by tsc under strict settings, started as a
// real process, and contract-tested with `txc-api contract-test`. The three written operations
// pass; the six not written yet are expected "not implemented", so each run gates green.
import { execFile, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const env = { ...process.env, TXC_API_KEY: "team-key", TXC_API_SECRET: "team-secret", PORT: "0", NO_COLOR: "1" };
const WRITTEN = ["getMainBalance", "applyCode", "getInvestmentsHistory"];
// Every other signed operation of the document this package carries.
const document = createRequire(import.meta.url)("txc-api/openapi.json");
const signed = Object.values(document.paths).flatMap((item) => Object.values(item)).filter((operation) => operation.security?.length !== 0);
const NOT_WRITTEN = signed.map((operation) => operation.operationId).filter((id) => !WRITTEN.includes(id));

beforeAll(async () => {
  await run("npx", ["tsc", "-p", "."]);
}, 120_000);

/** Starts dist/NAME.js and resolves its URL once it says it listens. */
function start(name, extraEnv = {}) {
  const server = spawn(process.execPath, [`dist/${name}.js`], { env: { ...env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
  const url = new Promise((resolve, reject) => {
    let stderr = "";
    server.stderr.on("data", (chunk) => (stderr += chunk));
    server.once("exit", (code) => reject(new Error(`dist/${name}.js exited with ${code}: ${stderr}`)));
    server.stdout.on("data", (chunk) => {
      const found = /listening on (\S+)/.exec(String(chunk));
      if (found) resolve(found[1]);
    });
  });
  return { server, url };
}

describe.each(["node-http", "fastify", "express", "hono"])("src/%s.ts", (name) => {
  let started;
  let baseUrl;
  beforeAll(async () => {
    started = start(name);
    baseUrl = await started.url;
  });
  afterAll(() => started?.server.kill("SIGTERM"));

  it("passes contract-test: the written operations pass, the rest are not implemented as expected", async () => {
    const args = ["txc-api", "contract-test", "--base-url", baseUrl, "--include-mutations", "--no-pacing", "--expect-not-implemented", NOT_WRITTEN.join(",")];
    const { stdout } = await run("npx", args, { env });
    for (const id of WRITTEN) expect(stdout).toMatch(new RegExp(`\\npassed: .*${id}`));
    expect(stdout).toContain(`${NOT_WRITTEN.length} not implemented (all expected)`);
    expect(stdout).not.toMatch(/\nfailed: /);
  }, 120_000);

  it("answers a path outside the API with the document's 404, not the framework's", async () => {
    const answer = await fetch(`${baseUrl}/not-the-api`);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ code: 404, message: expect.any(String), errors: {} });
  });
});

it("stops with one line when TXC_API_SECRET is not set", async () => {
  const { server, url } = start("node-http", { TXC_API_SECRET: "" });
  url.catch(() => undefined); // it never listens: the exit is what this test waits for
  let stderr = "";
  server.stderr.on("data", (chunk) => (stderr += chunk));
  const code = await new Promise((resolve) => server.once("exit", resolve));
  expect(code).toBe(1);
  expect(stderr).toBe("set TXC_API_SECRET: the API key's secret (never in the code)\n");
});
