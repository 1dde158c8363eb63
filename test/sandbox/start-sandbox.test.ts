// txc-api/sandbox: the sandbox in the calling process, its call log, and faults on demand, from
// code, over HTTP and from `txc-api serve --fault`.
import { execFile, spawn } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { BadRequestError, createClient, NetworkError, RateLimitError, ServerError, signRequest, TimeoutError } from "../../src/index.js";
import { startSandbox, FaultSpecError, type Sandbox } from "../../src/sandbox-entry.js";
import { freePort, startProcess } from "../helpers/processes.js";
import { root } from "../helpers/project.js";

const run = promisify(execFile);
const opened: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((sandbox) => sandbox.close()));
});
async function sandbox(options?: Parameters<typeof startSandbox>[0]) {
  const started = await startSandbox(options);
  opened.push(started);
  return started;
}
const partnerOf = (s: Sandbox, options = {}) => createClient({ baseUrl: s.url, ...s.keys.partner, retry: false, ...options });
const code = { code: "TXC-BTC-2H6N1V5X0C7B" };

describe("startSandbox", () => {
  it("serves the API in this process on a free port, and logs each call without a secret", async () => {
    const s = await sandbox();
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await partnerOf(s).getMainBalance({ ticker: "BTC" })).toEqual({ BTC: { main_balance: "0.01532" } });
    await createClient({ baseUrl: s.url }).ping();
    const [balance, ping] = s.calls;
    expect(balance).toMatchObject({ operationId: "getMainBalance", method: "POST", path: "/api/v4/main-account/balance", apiKey: "sandbox-partner", status: 200 });
    expect(balance!.fields).toMatchObject({ ticker: "BTC", request: "/api/v4/main-account/balance" });
    expect(balance!.at).toBeLessThanOrEqual(Date.now());
    expect(ping).toMatchObject({ operationId: "ping", method: "GET", fields: undefined, apiKey: undefined, status: 200 });
    expect(JSON.stringify(s.calls)).not.toContain(s.keys.partner.apiSecret);
  });

  it("runs several at once, each with its own state; reset restores one", async () => {
    const [a, b] = await Promise.all([sandbox(), sandbox()]);
    expect(a.url).not.toBe(b.url);
    await partnerOf(a).applyCode(code);
    expect(await partnerOf(b).applyCode(code)).toMatchObject({ ticker: "BTC" });
    expect(await partnerOf(a).applyCode(code).catch((error) => error)).toBeInstanceOf(BadRequestError);
    a.fault({ status: 500 });
    await a.reset();
    expect(a.calls).toEqual([]);
    expect(await partnerOf(a).applyCode(code)).toMatchObject({ ticker: "BTC" });
  });

  it("takes a dataset object or file, checked as --data is", async () => {
    await expect(startSandbox({ data: { accounts: "none" } as never })).rejects.toThrow(/data: /);
    await expect(startSandbox({ data: "/nonexistent/data.json" })).rejects.toThrow(/nonexistent/);
  });

  it("closes leaving nothing that keeps the process alive", async () => {
    // What keeps the event loop alive once the sandbox is closed, as Node lists it: no socket,
    // server or timer may be left (the pipe to this process is the child's own stdout). Handles
    // being closed leave within a few turns of the loop; one kept alive stays for seconds, so the
    // child looks for 1,000 turns, a count, not a time.
    const script = `import { startSandbox } from ${JSON.stringify(path.join(root, "dist", "bundle", "sandbox.js"))};
      const s = await startSandbox(); await fetch(s.url + "/api/v4/public/ping"); await s.close();
      const alive = () => process.getActiveResourcesInfo().filter((kind) => kind !== "PipeWrap" && kind !== "TTYWrap" && kind !== "Immediate");
      const look = (turns) => (alive().length === 0 || turns === 0 ? console.log(JSON.stringify(alive())) : setImmediate(() => look(turns - 1)));
      look(1000);`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect({ code, alive: JSON.parse(output.trim()) }).toEqual({ code: 0, alive: [] });
  });
});

describe("faults", () => {
  it("429 with Retry-After, three times, then the real answer; the faulted requests use no nonce", async () => {
    const s = await sandbox();
    s.fault({ operationId: "getMainBalance", status: 429, retryAfterSeconds: 2, times: 3 });
    const client = partnerOf(s);
    for (let i = 0; i < 3; i++) {
      const failure = await client.getMainBalance().catch((error) => error);
      expect(failure).toBeInstanceOf(RateLimitError);
      expect(failure.retryAfterMs).toBe(2_000);
    }
    expect(await client.getMainBalance({ ticker: "BTC" })).toHaveProperty("BTC");
    expect(s.calls.map((call) => [call.status, call.fault?.status])).toEqual([[429, 429], [429, 429], [429, 429], [200, undefined]]);
    // One signed body, its nonce refused by a fault first: still good afterwards.
    s.fault({ status: 500 });
    const signed = signRequest({ path: "/api/v4/main-account/balance", ...s.keys.partner, nonce: Date.now() + 5_000 });
    const send = () => fetch(`${s.url}/api/v4/main-account/balance`, { method: "POST", headers: signed.headers, body: signed.body });
    expect((await send()).status).toBe(500);
    expect((await send()).status).toBe(200);
  });

  it("a status on every operation, once, in the document's error format", async () => {
    const s = await sandbox();
    s.fault({ status: 500 });
    const failure = await partnerOf(s).getFundingHistory().catch((error) => error);
    expect(failure).toBeInstanceOf(ServerError);
    expect(failure.body).toEqual({ code: 500, message: "Internal error.", errors: {} });
    expect(await partnerOf(s).getFundingHistory()).toHaveProperty("records");
  });

  it("delayMs: acts, then answers late (a caller's timeout then leaves the change made)", async () => {
    const s = await sandbox();
    s.fault({ operationId: "applyCode", delayMs: 1_000 });
    expect(await partnerOf(s, { timeoutMs: 200 }).applyCode(code).catch((error) => error)).toBeInstanceOf(TimeoutError);
    expect(await partnerOf(s).applyCode(code).catch((error) => error)).toBeInstanceOf(BadRequestError);
  });

  it("drop before: closes without acting; drop after: acts, then closes unanswered", async () => {
    const s = await sandbox();
    s.fault({ operationId: "applyCode", drop: "before" });
    const before = await partnerOf(s).applyCode(code).catch((error) => error);
    expect(before).toBeInstanceOf(NetworkError);
    s.fault({ operationId: "applyCode", drop: "after" });
    const after = await partnerOf(s).applyCode(code).catch((error) => error);
    expect(after).toBeInstanceOf(NetworkError);
    expect(after.mayHaveReachedServer).toBe(true);
    // The code was credited once, by the request dropped after acting.
    expect(await partnerOf(s).applyCode(code).catch((error) => error)).toBeInstanceOf(BadRequestError);
    expect(s.calls.map((call) => [call.status, call.fault?.drop])).toEqual([[0, "before"], [0, "after"], [400, undefined]]);
  });

  it("probability with a seed: the same requests faulted each time", async () => {
    const pattern = async () => {
      const s = await sandbox({ rateLimits: false });
      s.fault({ operationId: "getMainBalance", status: 503, probability: 0.3, seed: 7 });
      const client = partnerOf(s);
      const outcomes = [];
      for (let i = 0; i < 20; i++) outcomes.push(await client.getMainBalance().then(() => 200, (error) => error.status));
      return outcomes;
    };
    const first = await pattern();
    expect(first).toEqual(await pattern());
    expect(first.filter((status) => status === 503).length).toBeGreaterThan(0);
    expect(first.filter((status) => status === 200).length).toBeGreaterThan(0);
  });

  it.each([
    [{ operationId: "getBalance", status: 500 }, /operationId "getBalance" is not an operation/],
    [{ status: 200 }, /status must be an integer from 400 to 599/],
    [{ status: 500, drop: "before" }, /one thing to do: status, delayMs or drop \(got status and drop\)/],
    [{ delay: 5 }, /fault field "delay" is not known/],
    [{ drop: "sometimes" }, /drop must be "before" or "after"/],
  ])("a bad spec %o: a FaultSpecError naming the field", async (spec, message) => {
    const s = await sandbox();
    expect(() => s.fault(spec as never)).toThrow(FaultSpecError);
    expect(() => s.fault(spec as never)).toThrow(message);
  });
});

describe("the same over HTTP and from the command line", () => {
  it("POST /sandbox/faults adds faults, GET /sandbox/calls lists the calls; a bad spec is a 400 naming the field", async () => {
    const s = await sandbox();
    const post = (body: unknown) => fetch(`${s.url}/sandbox/faults`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const bad = await post([{ operationId: "getMainBalance", status: 429 }, { status: "x" }]);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/status must be an integer/);
    expect(await (await fetch(`${s.url}/sandbox/faults`)).json()).toEqual([]);
    expect((await post({ operationId: "getMainBalance", status: 429, retryAfterSeconds: 1 })).status).toBe(200);
    expect(await partnerOf(s).getMainBalance().catch((error) => error.status)).toBe(429);
    const calls = await (await fetch(`${s.url}/sandbox/calls`)).json();
    expect(calls).toMatchObject([{ operationId: "getMainBalance", status: 429, fault: { status: 429 } }]);
    const crossSite = await fetch(`${s.url}/sandbox/faults`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "{}" });
    expect(crossSite.status).toBe(403);
  });

  it("txc-api serve --fault applies its faults; a bad one is refused before it listens", async () => {
    const port = await freePort();
    const cli = path.join(root, "dist", "bundle", "cli.js");
    const refused = await run(process.execPath, [cli, "serve", "--port", String(port), "--fault", '{"status":700}']).catch((error) => error);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--fault: fault status must be an integer from 400 to 599/);
    const served = await startProcess(process.execPath, [cli, "serve", "--port", String(port), "--fault", '{"operationId":"ping","status":503,"times":2}'],
      async () => (await fetch(`http://127.0.0.1:${port}/sandbox/faults`)).ok);
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`http://127.0.0.1:${port}/api/v4/public/ping`)).status);
      expect(statuses).toEqual([503, 503, 200]);
    } finally {
      await served.stop();
    }
  });
});

describe("the site's pages", () => {
  it("answer HEAD as GET, without a body", async () => {
    const s = await sandbox();
    for (const page of ["/", "/openapi.json"]) {
      const head = await fetch(s.url + page, { method: "HEAD" });
      expect(head.status, page).toBe(200);
      expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0);
      expect(await head.text()).toBe("");
    }
  });
});
