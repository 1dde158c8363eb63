// An example project run as its users run it, from a copy whose node_modules links txc-api to
// this checkout (dist/, as packed) and the optional packages it may load: no install needed.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { freePort, startProcess, type Started } from "./processes.js";
import { root } from "./project.js";
// The end-to-end tier: the example loads txc-api by its name, which is dist/ (test/helpers/tiers.ts).
import "./fresh-dist.js";

export type ExampleServer = Started & { baseUrl: string };

/** A copy of examples/NAME with txc-api (and `packages` from this checkout's node_modules) linked. */
export function linkedExample(name: string, packages: string[] = []): { dir: string; remove(): void } {
  const parent = mkdtempSync(path.join(tmpdir(), `txc-${name}-`));
  const dir = path.join(parent, name);
  cpSync(path.join(root, "examples", name), dir, { recursive: true, filter: (source) => !source.includes("node_modules") });
  mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  symlinkSync(root, path.join(dir, "node_modules", "txc-api"), "dir");
  for (const name of packages) symlinkSync(path.join(root, "node_modules", name), path.join(dir, "node_modules", name), "dir");
  return { dir, remove: () => rmSync(parent, { recursive: true, force: true }) };
}

/** Runs `file` of an example copy on a free port and waits until its ping answers. */
export async function startExampleServer(dir: string, file: string, env: Record<string, string> = {}): Promise<ExampleServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = await startProcess(process.execPath, [file], async () => (await fetch(`${baseUrl}/api/v4/public/ping`)).ok, { cwd: dir, env: { PORT: String(port), ...env } });
  return { ...started, baseUrl };
}

/**
 * The node:http example server (examples/server-node) of a test file or describe block, signing
 * with `key`: started before its tests, stopped and removed after. The handle is filled in by the
 * beforeAll hook, so it is read inside tests only.
 */
export function exampleServerPerFile(key: { key: string; secret: string }): ExampleServer {
  const handle = {} as ExampleServer;
  const example = linkedExample("server-node");
  beforeAll(async () => {
    Object.assign(handle, await startExampleServer(example.dir, "src/main.mjs", { TXC_API_KEY: key.key, TXC_API_SECRET: key.secret }));
  });
  afterAll(async () => {
    await handle.stop?.();
    example.remove();
  });
  return handle;
}
