// responseValidation against a planted handler defect (a number where the document says a decimal
// string), in a real process: "throw" answers 500 and logs why; "warn" sends it and logs, and the
// tester catches it.
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { createClient } from "../../src/index.js";
import { contractTest } from "../helpers/contract-test-cli.js";
import { freePort, outputMatching, startProcess, type Started } from "../helpers/processes.js";
import { root } from "../helpers/project.js";

const key = { apiKey: "team-key", apiSecret: "team-secret" };
let server: (Started & { baseUrl: string }) | undefined;
afterEach(async () => void (await server?.stop()));

async function start(responseValidation: string) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = await startProcess(process.execPath, [path.join(root, "test/server/fixtures/planted-defect.mjs")], async () => (await fetch(`${baseUrl}/api/v4/public/ping`)).ok, {
    env: { PORT: String(port), TXC_API_KEY: key.apiKey, TXC_API_SECRET: key.apiSecret, RESPONSE_VALIDATION: responseValidation },
  });
  return (server = { ...started, baseUrl });
}

it('"throw": the answer is replaced by the documented 500, and the log says which field broke which rule', async () => {
  const started = await start("throw");
  const refused = await createClient({ baseUrl: started.baseUrl, ...key, retry: false }).getMainBalance().catch((error: unknown) => error);
  expect(refused).toMatchObject({ status: 500, body: { code: 500, message: "Internal error.", errors: {} } });
  const output = await outputMatching(started, /answered 500 instead/);
  expect(output).toMatch(/txc-api server error: getMainBalance answer breaks the document: the answer's BTC\.main_balance must be string; answered 500 instead/);
  expect(output).not.toContain(key.apiSecret);
});

it('"warn": the answer is sent as it is and logged, and the tester fails the operation on it', async () => {
  const started = await start("warn");
  const run = await contractTest(["--base-url", started.baseUrl, "--operation", "getMainBalance", "--checks", "positive"], { key: key.apiKey, secret: key.apiSecret });
  expect(run.code).toBe(1);
  expect(run.stdout).toMatch(/BTC\.main_balance must be string/);
  expect(run.stdout).toMatch(/\nfailed: getMainBalance\n/);
  expect(await outputMatching(started, /sent as it is/)).toMatch(/txc-api server warn: getMainBalance answer breaks the document: .*sent as it is \(responseValidation: "warn"\)/);
});
