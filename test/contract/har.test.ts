// Traffic checked now or later: txc-api proxy --har records the exchanges with the signatures
// redacted, and --check-har judges the recording offline with the same verdicts, reports and
// exit status as live. Real processes: the sandbox, the proxy command, the package's client.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { afterAll, expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import { createClient, signRequest, timeNonce } from "../../src/index.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { cli, proxyCommand } from "../helpers/contract-test-cli.js";
import { sandboxPerFile } from "../helpers/sandbox.js";

const sandbox = sandboxPerFile();
const dir = mkdtempSync(path.join(tmpdir(), "txc-har-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Without the key's secret: a recording holds no signature to verify, so live and offline run the same checks.
const env = { ...process.env, NO_COLOR: "1", TXC_API_KEY: "", TXC_API_SECRET: "" };

const proxied = (args: string[], traffic: (url: string) => Promise<void>) => proxyCommand(args, env, traffic);

function offline(args: string[]) {
  const child = spawn(process.execPath, [cli, "proxy", ...args], { env });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.once("exit", (code) => resolve({ code, stdout, stderr })));
}

/** HAR 1.2 as har-validator checks it: har-schema's JSON Schemas (draft-06), every one registered by its $id. */
function harValidator() {
  const require = createRequire(import.meta.url);
  const ajv = new (require("ajv").default)({ strict: false, allErrors: true });
  require("ajv-formats").default(ajv);
  ajv.addMetaSchema(require("ajv/dist/refs/json-schema-draft-06.json"));
  for (const schema of Object.values(require("har-schema") as Record<string, object>)) ajv.addSchema(schema);
  return ajv.getSchema("har.json#") as ((data: unknown) => boolean) & { errors?: unknown };
}

const withoutCoverageTimes = (text: string) => text.split("\n").filter((line) => !line.startsWith("txc-api proxy: listening")).join("\n");

it("records the traffic redacted, and checks the recording offline with the same verdicts and exit status", async () => {
  const har = path.join(dir, "traffic.har");
  const [liveJson, offlineJson] = [path.join(dir, "live.ndjson"), path.join(dir, "offline.ndjson")];
  const live = await proxied(["--upstream", sandbox.baseUrl, "--har", har, "--json", liveJson], async (url) => {
    const client = createClient({ baseUrl: url, apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret, retry: false });
    await client.getMainBalance({ ticker: "BTC" });
    await client.getInvestmentsHistory({ limit: 2 });
    const misspelt = signRequest({ path: operationIndex.getMainBalance.path, body: { tikcer: "BTC" }, apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret, nonce: timeNonce(demoKeys.partner.key) });
    await (await fetch(`${url}/api/v4/main-account/balance`, { method: "POST", headers: misspelt.headers, body: misspelt.body })).arrayBuffer();
  });
  expect(live.code).toBe(1);
  const recording = readFileSync(har, "utf8");
  const parsed = JSON.parse(recording);
  expect(parsed.log.version).toBe("1.2");
  expect(parsed.log.entries).toHaveLength(3);
  expect(parsed.log.entries[0].request.headers).toContainEqual({ name: "x-txc-signature", value: "[redacted]" });
  expect(parsed.log.entries[0].response.status).toBe(200);
  expect(recording).not.toContain(demoKeys.partner.secret);
  const validHar = harValidator();
  expect(validHar(parsed), JSON.stringify(validHar.errors)).toBe(true);
  const checked = await offline(["--check-har", har, "--json", offlineJson]);
  expect(checked.code).toBe(1);
  expect(withoutCoverageTimes(checked.stdout)).toBe(withoutCoverageTimes(live.stdout));
  const lines = (file: string) => readFileSync(file, "utf8").trim().split("\n").map((line) => JSON.parse(line));
  expect(lines(offlineJson)).toEqual(lines(liveJson));
});

it("a recording with nothing wrong passes offline (exit 0); a file that is no HAR is a setup error (exit 2)", async () => {
  const har = path.join(dir, "clean.har");
  await proxied(["--upstream", sandbox.baseUrl, "--har", har], async (url) => {
    await createClient({ baseUrl: url, apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret, retry: false }).getMainBalance();
  });
  const clean = await offline(["--check-har", har]);
  expect(clean.code, clean.stdout).toBe(0);
  expect(clean.stdout.trimEnd().split("\n").at(-1)).toBe("1 exchange, 0 violations");
  const notHar = path.join(dir, "not.har");
  writeFileSync(notHar, "{}");
  const refused = await offline(["--check-har", notHar]);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain("--check-har");
  expect(refused.stderr).toContain("not a HAR file: log.entries is not a list");
});
