// txc-api serve --nonce-max-age, in the real process: a nonce read as Unix milliseconds too far
// from the sandbox's clock is the documented 401, a fresh one is served, a bad value is refused.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import { signRequest } from "../../src/index.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { root } from "../helpers/project.js";
import { sandboxPerFile } from "../helpers/sandbox.js";
import { startSandbox as startInProcess } from "../../src/sandbox/start.js";
import { ApiHandlerSetupError, createApiHandler, type Handlers } from "../../src/server-entry.js";

const sandbox = sandboxPerFile(["--nonce-max-age", "60000"]);
const BALANCE = operationIndex.getMainBalance.path;
const send = async (nonce: number) => {
  const signed = signRequest({ path: BALANCE, body: {}, apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret, nonce });
  const response = await fetch(sandbox.baseUrl + BALANCE, { method: "POST", headers: signed.headers, body: signed.body });
  return { status: response.status, body: await response.json() };
};

it("refuses a nonce older than the window, or as far ahead of the clock, with 401 and a reason of its own; serves one within it", async () => {
  for (const off of [-120_000, 120_000]) {
    const refused = await send(Date.now() + off);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/^The nonce, read as Unix time in milliseconds, is \d+ ms away from the server's clock: this server accepts nonces within 60000 ms of it\.$/);
  }
  expect((await send(Date.now())).status).toBe(200);
  expect(sandbox.output()).toContain("a nonce more than 60000 ms from this clock, read as Unix milliseconds, is answered 401 (--nonce-max-age)");
});

it("refuses a value that is not a positive whole number of milliseconds: exit 2, naming the option", () => {
  const run = spawnSync(process.execPath, [path.join(root, "dist", "bundle", "cli.js"), "serve", "--nonce-max-age", "5m"], { encoding: "utf8" });
  expect(run.status).toBe(2);
  expect(run.stderr).toContain("--nonce-max-age must be a positive whole number of milliseconds, such as 300000");
});

it("startSandbox and createApiHandler refuse a window that is no positive whole number of milliseconds, naming the option", async () => {
  await expect(startInProcess({ nonceMaxAgeMs: -5 })).rejects.toThrow("nonceMaxAgeMs must be a positive whole number of milliseconds, such as 300000 for 5 minutes (got -5)");
  expect(() => createApiHandler({ keys: () => undefined, handlers: {} as Handlers, nonceMaxAgeMs: 1.5 })).toThrow(ApiHandlerSetupError);
});
