// The server contract-tested as a user would: `txc-api contract-test` against it, in a real
// process. The three operations it has pass; the others are reported "not implemented".
import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";

const env = { ...process.env, TXC_API_KEY: "team-key", TXC_API_SECRET: "team-secret", PORT: "0", NO_COLOR: "1" };
let server;
let baseUrl;

beforeAll(async () => {
  server = spawn(process.execPath, ["src/main.mjs"], { env, stdio: ["ignore", "pipe", "inherit"] });
  baseUrl = await new Promise((resolve, reject) => {
    server.once("exit", (code) => reject(new Error(`the server exited with ${code}`)));
    server.stdout.on("data", (chunk) => {
      const found = /listening on (\S+)/.exec(String(chunk));
      if (found) resolve(found[1]);
    });
  });
});
afterAll(() => server?.kill("SIGTERM"));

it("passes the operations it has, and reports the rest as not implemented", async () => {
  const run = await promisify(execFile)("npx", ["txc-api", "contract-test", "--base-url", baseUrl, "--include-mutations", "--no-pacing"], { env }).then(
    (done) => ({ code: 0, ...done }),
    (failed) => failed,
  );
  const out = run.stdout;
  expect(out).toMatch(/\npassed: .*getMainBalance/);
  expect(out).toMatch(/applyCode/);
  expect(out).toMatch(/getInvestmentsHistory/);
  expect(out).toMatch(/not implemented \(404 to every request\): /);
  expect(out).not.toMatch(/\nfailed: /);
}, 120_000);

it("stops with one line when TXC_API_SECRET is not set", async () => {
  const server = spawn(process.execPath, ["src/main.mjs"], { env: { ...env, TXC_API_SECRET: "" }, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  server.stderr.on("data", (chunk) => (stderr += chunk));
  const code = await new Promise((resolve) => server.once("exit", resolve));
  expect(code).toBe(1);
  expect(stderr).toBe("set TXC_API_SECRET: the API key's secret (never in the code)\n");
});
