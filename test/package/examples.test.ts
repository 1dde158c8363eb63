// The examples as a user runs them: the packed tarball installed into a copy of each, with vitest,
// and its own tests run there (`npm test`).
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, inject, it } from "vitest";
import { root } from "../helpers/project.js";

const run = promisify(execFile);
const folder = mkdtempSync(path.join(tmpdir(), "txc-examples-"));
const vitestVersion = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).devDependencies.vitest;
const tarball = inject("tarball");
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// Each example waits on npm and its own processes, hardly on this one: the four run side by side.
it.concurrent.each(["refund-app", "server-team", "server-node", "server-frameworks"])("examples/%s passes its own tests, installed from the tarball", async (example) => {
  const project = path.join(folder, example);
  cpSync(path.join(root, "examples", example), project, { recursive: true });
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball, `vitest@${vitestVersion}`], { cwd: project, maxBuffer: 16 * 1024 * 1024 });
  const { stdout } = await run("npx", ["vitest", "run", "--reporter=verbose"], { cwd: project, env: { ...process.env, NO_COLOR: "1", CI: "1" }, maxBuffer: 16 * 1024 * 1024 });
  expect(stdout).toMatch(/Tests\s+\d+ passed/);
  expect(stdout).not.toMatch(/failed|skipped/);
});
