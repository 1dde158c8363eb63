// Every code sample of the docs (x-codeSamples: curl, TypeScript, Python) run as a reader would
// run it, against a sandbox this test starts: each must print a 200 body valid for its operation.
import { execFile, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { transform } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validators } from "../../generated/validators.js";
import { operationIndex } from "../../generated/operations.js";
import { signRequest } from "../../src/index.js";
import { NONCE_FIELD, PATH_FIELD } from "../../src/signing/body.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { loadDocument, operations, root, STUCK_MS } from "../helpers/project.js";
import { resetSandbox, startSandbox, type Sandbox } from "../helpers/sandbox.js";

type Sample = { lang: string; label: string; source: string };

const document = loadDocument();
const entries = operations(document).filter((entry) => !entry.webhook);
// Inside the package, so that `import "txc-api"` resolves to this package as it would once installed.
const samplesDir = path.join(root, "dist", "code-samples");
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
  rmSync(samplesDir, { recursive: true, force: true });
  mkdirSync(samplesDir, { recursive: true });
});
afterAll(async () => {
  await sandbox?.stop();
  rmSync(samplesDir, { recursive: true, force: true });
});

const env = () => ({ ...process.env, TXC_API_KEY: demoKeys.partner.key, TXC_API_SECRET: demoKeys.partner.secret, TXC_BASE_URL: sandbox.baseUrl });

async function runSample(command: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, { env: env(), timeout: STUCK_MS });
    return { code: 0, stdout, stderr };
  } catch (error: any) {
    return { code: error.code ?? 1, stdout: error.stdout ?? "", stderr: error.stderr ?? String(error) };
  }
}

async function run(operationId: string, sample: Sample) {
  const file = path.join(samplesDir, `${operationId}-${sample.label}`);
  if (sample.label === "curl") {
    writeFileSync(`${file}.sh`, sample.source);
    return runSample("bash", [`${file}.sh`]);
  }
  if (sample.label === "Python") {
    writeFileSync(`${file}.py`, sample.source);
    return runSample("python3", [`${file}.py`]);
  }
  const { code } = await transform(sample.source, { loader: "ts", format: "esm" });
  writeFileSync(`${file}.mjs`, code);
  return runSample(process.execPath, [`${file}.mjs`]);
}

describe("docs code samples", () => {
  it("every operation carries curl, TypeScript and Python samples", () => {
    expect(entries.map((entry) => entry.operation.operationId), "the document's operations against the generated index").toEqual(Object.keys(operationIndex));
    for (const { operation } of entries) {
      expect((operation["x-codeSamples"] as Sample[]).map((s) => s.label)).toEqual(["curl", "TypeScript", "Python"]);
    }
  });

  it("the TypeScript samples type-check against the package", () => {
    for (const { operation } of entries) {
      const typescript = (operation["x-codeSamples"] as Sample[]).find((s) => s.label === "TypeScript")!;
      writeFileSync(path.join(samplesDir, `${operation.operationId}.ts`), typescript.source);
    }
    writeFileSync(
      path.join(samplesDir, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, types: ["node"], skipLibCheck: true }, include: ["*.ts"] }),
    );
    const result = spawnSync(process.execPath, [path.join(root, "node_modules", "typescript", "bin", "tsc"), "-p", path.join(samplesDir, "tsconfig.json")], { encoding: "utf8" });
    expect(result.stdout + result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  for (const entry of entries) {
    const operationId = entry.operation.operationId as keyof typeof operationIndex;
    for (const sample of entry.operation["x-codeSamples"] as Sample[]) {
      it(`${operationId} · ${sample.label} prints a 200 body valid for the operation`, async () => {
        if (operationIndex[operationId].stateChanging) await resetSandbox(sandbox);
        const { code, stdout, stderr } = await run(operationId, sample);
        expect(stderr, stdout).toBe("");
        expect(code).toBe(0);
        const answer = JSON.parse(stdout);
        const validate = (validators[operationId].responses as Record<string, (value: unknown) => boolean>)["200"];
        expect(validate(answer), stdout).toBe(true);
      });
    }
  }
});

describe("the Python sample's body", () => {
  it("sets the path called and the nonce over fields of those names, first, as src/signing/body.ts does", async () => {
    const entry = entries.find(({ operation }) => operationIndex[operation.operationId as keyof typeof operationIndex].signed && !operationIndex[operation.operationId as keyof typeof operationIndex].stateChanging)!;
    const python = (entry.operation["x-codeSamples"] as Sample[]).find((sample) => sample.label === "Python")!;
    const fieldsLine = /^fields = (.*)$/m;
    expect(python.source).toMatch(fieldsLine);
    // A reader's fields that name the signer's own: the path and the nonce the signer sets must win.
    const source = python.source.replace(fieldsLine, (_, literal: string) => `fields = {**${literal}, ${JSON.stringify(PATH_FIELD)}: "/api/v4/elsewhere", ${JSON.stringify(NONCE_FIELD)}: "1"}`);
    const { code, stdout, stderr } = await run(`${entry.operation.operationId}-signer-fields`, { ...python, source });
    expect(stderr, stdout).toBe("");
    expect(code).toBe(0);
    const validate = (validators[entry.operation.operationId as keyof typeof validators].responses as Record<string, (value: unknown) => boolean>)["200"];
    expect(validate(JSON.parse(stdout)), stdout).toBe(true);
  });
});

describe("the signing walk-through of the docs", () => {
  // The walk-through is the Authentication section (a trait tag) of the document.
  const description = document.tags.find((tag) => tag.name === "Authentication")!.description;
  const step = (n: number) => new RegExp(`\\n${n}\\. [^\\n]*\\n\\s+\`([^\`]+)\``).exec(description)?.[1];

  it("shows a vector that signRequest reproduces byte for byte", () => {
    const [body, payload, signature] = [step(1), step(2), step(3)];
    expect(body).toBe('{"request":"/api/v4/main-account/balance","nonce":"1700000000000","ticker":"BTC"}');
    const signed = signRequest({ path: "/api/v4/main-account/balance", body: { ticker: "BTC" }, apiKey: "example-key", apiSecret: "example-secret", nonce: "1700000000000" });
    expect(signed.body).toBe(body);
    expect(signed.headers["X-TXC-PAYLOAD"]).toBe(payload);
    expect(signed.headers["X-TXC-SIGNATURE"]).toBe(signature);
  });
});
