// The tier rule (test/helpers/tiers.ts) on a repository made for the test: what a file needs is
// read through the helpers it imports and the fixtures it names, and a word in a comment decides nothing.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { testFilesByTier, tierOf } from "../helpers/tiers.js";

const repo = mkdtempSync(path.join(tmpdir(), "txc-tiers-"));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  writeFileSync(path.join(repo, file), text);
};

// The files as JSON, which the rule does not read: written here, they would put this file in a tier of their own.
const files: Record<string, string> = JSON.parse(readFileSync(path.join(import.meta.dirname, "fixtures/tier-repo.json"), "utf8"));
for (const [file, text] of Object.entries(files)) write(file, text);

it.each([
  ["pure", "fast"],
  ["through-helper", "integration"],
  ["built", "end-to-end"],
  ["fixture", "end-to-end"],
  ["tarball", "end-to-end"],
  ["by-name", "end-to-end"],
])("test/a/%s.test.ts runs in the %s tier", (name, tier) => {
  expect(tierOf(path.join(repo, `test/a/${name}.test.ts`), repo)).toBe(tier);
});

it("puts every test file of the repository in exactly one tier, and some in each", () => {
  const byTier = testFilesByTier(path.resolve(import.meta.dirname, "../.."));
  const all = Object.values(byTier).flat();
  expect(new Set(all).size).toBe(all.length);
  expect(all).toContain("test/architecture/tiers.test.ts");
  for (const files of Object.values(byTier)) expect(files.length).toBeGreaterThan(5);
  expect(byTier.fast).toContain("test/architecture/tiers.test.ts");
});
