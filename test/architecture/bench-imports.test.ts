// npm run bench is not part of the suite (its timings belong to a quiet machine), so nothing else
// would notice a module of bench/ importing a file that moved: each relative import of bench/
// must name a file of the built package or of the repository.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { root } from "../helpers/project.js";
// The end-to-end tier: what this file checks is dist/ (test/helpers/tiers.ts).
import "../helpers/fresh-dist.js";

it("every relative import of bench/ names a file that exists once the package is built", () => {
  const bench = path.join(root, "bench");
  const missing: string[] = [];
  let imports = 0;
  for (const file of readdirSync(bench).filter((name) => name.endsWith(".mjs"))) {
    const text = readFileSync(path.join(bench, file), "utf8");
    for (const [, specifier] of text.matchAll(/(?:from|import\()\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      imports++;
      if (!existsSync(path.resolve(bench, specifier!))) missing.push(`${file}: ${specifier}`);
    }
  }
  expect(imports).toBeGreaterThan(20);
  expect(missing).toEqual([]);
});
