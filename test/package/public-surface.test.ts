// The public surface as a reviewed file: docs/public-surface.txt is what the build exports and the
// command line reads, so that a change to an export, an option or a flag shows in review and the
// version gate (test/diff/version-gate.test.ts) can judge it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { publicSurface, SURFACE_FILE } from "../../scripts/public-surface.mjs";
import { root } from "../helpers/project.js";

it(`${SURFACE_FILE} is what the build exports and the commands read (node scripts/public-surface.mjs writes it)`, async () => {
  const report = await publicSurface();
  // Something was read: every entry of package.json's exports but the document's files, and every command.
  const { exports } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  for (const entry of Object.keys(exports).filter((name) => typeof exports[name] === "object" && !exports[name].types.includes("generated/"))) {
    expect(report, entry).toContain(`\ntxc-api${entry.slice(1)}\n`);
  }
  const { commands } = await import(path.join(root, "dist/cli/commands.js"));
  expect(Object.keys(commands).length).toBeGreaterThan(3);
  for (const command of Object.keys(commands)) expect(report).toMatch(new RegExp(`\\ntxc-api ${command}\\n  --`));
  expect(report).toContain("    connections?: number | undefined");
  expect(readFileSync(path.join(root, SURFACE_FILE), "utf8"), `${SURFACE_FILE} is stale: run node scripts/public-surface.mjs and review the difference`).toBe(report);
});
