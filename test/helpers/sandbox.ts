import path from "node:path";
import { Agent, fetch as undiciFetch } from "undici";
import { afterAll, beforeAll } from "vitest";
import { createClient, signRequest, timeNonce, type ClientOptions } from "../../src/index.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { freePort, startProcess, type Started } from "./processes.js";
import { root } from "./project.js";

export type Sandbox = Started & { baseUrl: string };

/** The real sandbox process (`txc-api serve`) on a free loopback port. */
export async function startSandbox(args: string[] = []): Promise<Sandbox> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = await startProcess(
    process.execPath,
    [path.join(root, "dist", "bundle", "cli.js"), "serve", "--port", String(port), ...args],
    async () => (await fetch(`${baseUrl}/api/v4/public/ping`)).ok,
  );
  return { ...started, baseUrl };
}

/**
 * The sandbox of a test file (or a describe block): started before its tests, stopped after them.
 * The handle is filled in by the beforeAll hook, so it is read inside tests only.
 */
export function sandboxPerFile(args: string[] = []): Sandbox {
  const handle = {} as Sandbox;
  beforeAll(async () => {
    Object.assign(handle, await startSandbox(args));
  });
  afterAll(() => handle.stop?.());
  return handle;
}

export const partnerClient = (sandbox: Sandbox, options: Partial<ClientOptions> = {}) =>
  createClient({ baseUrl: sandbox.baseUrl, apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret, retry: false, ...options });

export const basicClient = (sandbox: Sandbox, options: Partial<ClientOptions> = {}) =>
  createClient({ baseUrl: sandbox.baseUrl, apiKey: demoKeys.basic.key, apiSecret: demoKeys.basic.secret, retry: false, ...options });

/**
 * POSTs each on a connection of its own: a POST is never resent, and one sent on a pooled
 * connection the server closes at that moment (its keep-alive timeout, late timers on a busy
 * machine) would fail the test for the helper's sake.
 */
const freshConnections = new Agent({ pipelining: 0 });
const post = (url: string, headers: Record<string, string>, body: string) => undiciFetch(url, { method: "POST", headers, body, dispatcher: freshConnections });

export async function resetSandbox(sandbox: Sandbox) {
  const response = await post(`${sandbox.baseUrl}/sandbox/reset`, { "Content-Type": "application/json" }, "{}");
  if (!response.ok) throw new Error(`reset answered ${response.status}`);
}

/** Sends a body signed with a demo key as it is, bypassing the client's own validation. */
export async function sendSigned(
  sandbox: Sandbox,
  path: string,
  body: object,
  { key, secret }: { key: string; secret: string } = demoKeys.partner,
): Promise<{ status: number; body: any }> {
  const signed = signRequest({ path, body, apiKey: key, apiSecret: secret, nonce: timeNonce(key) });
  const response = await post(sandbox.baseUrl + path, signed.headers, signed.body);
  return { status: response.status, body: await response.json() };
}
