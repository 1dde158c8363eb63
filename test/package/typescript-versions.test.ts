// The lowest TypeScript that type-checks the package's entries (skipLibCheck off), as the README
// states: 5.4 for every entry (openapi-fetch's own declarations need it), 5.0 for all but
// txc-api/openapi-fetch. The newest, the one of this repository, is the consumer test's.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

const run = promisify(execFile);
const folder = mkdtempSync(path.join(tmpdir(), "txc-typescript-"));
const project = path.join(folder, "project");
const ENTRIES = {
  "txc-api": 'import { createClient, type TxcClient } from "txc-api";\nexport const a = createClient;\nexport type A = TxcClient;',
  "txc-api/types": 'import type { paths } from "txc-api/types";\nexport type B = paths;',
  "txc-api/validators": 'import { validators } from "txc-api/validators";\nexport const c = validators;',
  "txc-api/sandbox": 'import { startSandbox } from "txc-api/sandbox";\nexport const d = startSandbox;',
  "txc-api/contract": 'import { runContractTest, contractTests } from "txc-api/contract";\nexport const e = [runContractTest, contractTests];',
  "txc-api/openapi-fetch": 'import { createSignedFetchClient } from "txc-api/openapi-fetch";\nexport const f = createSignedFetchClient;',
  "txc-api/server": 'import { createApiHandler, type Handlers } from "txc-api/server";\nexport const g = createApiHandler;\nexport type G = Handlers;',
};

beforeAll(async () => {
  mkdirSync(project);
  const tarball = inject("tarball");
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "typescript-versions", private: true, type: "module" }));
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball, "@types/node@20.19.43", "typescript50@npm:typescript@5.0.4", "typescript54@npm:typescript@5.4.5"], { cwd: project, maxBuffer: 16 * 1024 * 1024 });
  for (const [entry, text] of Object.entries(ENTRIES)) writeFileSync(path.join(project, `${entry.replaceAll("/", "-")}.ts`), `${text}\n`);
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function typeCheck(compiler: string, entries: string[]) {
  writeFileSync(path.join(project, "tsconfig.json"), JSON.stringify({
    compilerOptions: { target: "ES2022", module: "node16", moduleResolution: "node16", strict: true, types: ["node"], noEmit: true, skipLibCheck: false },
    files: entries.map((entry) => `${entry.replaceAll("/", "-")}.ts`),
  }));
  return run(process.execPath, [path.join(project, "node_modules", compiler, "bin", "tsc"), "-p", "tsconfig.json"], { cwd: project }).then(
    () => "",
    (error) => `${error.stdout}${error.stderr}`,
  );
}

describe("the lowest TypeScript", () => {
  it("5.4 type-checks every entry", async () => {
    expect(await typeCheck("typescript54", Object.keys(ENTRIES))).toBe("");
  });

  it("5.0 type-checks every entry but txc-api/openapi-fetch, whose openapi-fetch declarations need 5.4", async () => {
    expect(await typeCheck("typescript50", Object.keys(ENTRIES).filter((entry) => entry !== "txc-api/openapi-fetch"))).toBe("");
    expect(await typeCheck("typescript50", ["txc-api/openapi-fetch"])).toMatch(/node_modules\/openapi-fetch\/dist\/index\.d\.mts.*TS2344/);
  });
});
