import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bin, generatedDir, root } from "../helpers/project.js";
import { validators } from "../../generated/validators.js";
import { operationIds } from "../../generated/operations.js";

function generateInto(dir: string) {
  const result = spawnSync("node", ["scripts/generate.mjs", "--out", dir], { cwd: root, encoding: "utf8" });
  expect(result.stderr + result.stdout).not.toMatch(/Error/);
  expect(result.status).toBe(0);
}

describe("lint", () => {
  // Each API of redocly.yaml on its own: the document, and the Arazzo workflows over it (one JSON report each).
  const apis = [...readFileSync(path.join(root, "redocly.yaml"), "utf8").matchAll(/^ {2}([\w-]+@v\d+):$/gm)].map((match) => match[1]!);

  it("lints the document and the workflows", () => {
    expect(apis.length).toBe(2);
  });

  it.each(apis)("redocly lint %s reports zero errors and zero warnings", (api) => {
    const result = spawnSync(bin("redocly"), ["lint", api, "--format=json"], { cwd: root, encoding: "utf8" });
    const report = JSON.parse(result.stdout);
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(result.status).toBe(0);
  });
});

describe("generated/", () => {
  const first = mkdtempSync(path.join(tmpdir(), "txc-generate-a-"));
  const second = mkdtempSync(path.join(tmpdir(), "txc-generate-b-"));
  afterAll(() => [first, second].forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("equals a fresh regeneration, byte for byte, and a second run changes nothing", () => {
    generateInto(first);
    generateInto(second);
    const files = (dir: string) => readdirSync(dir, { recursive: true }).map(String).filter((file) => file.includes(".")).sort();
    const committed = files(generatedDir);
    expect(files(first)).toEqual(committed);
    // The Bruno collection: its manifest, its signing script, the sandbox's environment and one request per operation.
    expect(committed.filter((file) => file.startsWith("bruno/"))).toEqual(["bruno/bruno.json", "bruno/collection.bru", "bruno/environments/sandbox.bru", ...operationIds.map((id) => `bruno/${id}.bru`)].sort());
    expect(committed.filter((file) => !file.startsWith("validators/") && !file.startsWith("bruno/"))).toEqual(["contract-facts.d.ts", "contract-facts.js", "dataset.d.ts", "dataset.js", "mcp-tools.d.ts", "mcp-tools.js", "openapi.json", "operations.d.ts", "operations.js", "postman-collection.json", "schema.d.ts", "signing-vectors.json", "validator-loaders.d.ts", "validator-loaders.js", "validator-types.d.ts", "validators.d.ts", "validators.js", "workflows.arazzo.json", "workflows.d.ts", "workflows.js"]);
    // One validators module (a .js and its .d.ts) per operation of the generated index, the webhook's included.
    const modules = committed.filter((file) => file.startsWith("validators/"));
    expect(modules, "validators/ against one module per validated operation").toEqual(Object.keys(validators).flatMap((id) => [`validators/${id}.d.ts`, `validators/${id}.js`]).sort());
    for (const file of committed) {
      const fresh = readFileSync(path.join(first, file), "utf8");
      expect(readFileSync(path.join(second, file), "utf8"), `${file} differs between two runs`).toBe(fresh);
      expect(readFileSync(path.join(generatedDir, file), "utf8"), `generated/${file} is stale: run npm run generate`).toBe(fresh);
    }
  });
});
