// The client and the tester behind real fronts: nginx in front of the real sandbox process (keep-
// alive limits, TLS with a CA made here, a gzip that answers compressed anyway, nginx's own error
// pages), and tinyproxy as the forward proxy a company puts between its servers and the world.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { Agent, ProxyAgent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, HttpError, NetworkError, ServerError } from "../../src/index.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { startNginx, startTinyproxy, type Front } from "../helpers/fronts.js";
import { root } from "../helpers/project.js";
import { startSandbox, type Sandbox } from "../helpers/sandbox.js";
import { listenOnLoopback } from "../helpers/loopback.js";

const run = promisify(execFile);
const partner = { apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret };
const plan = "5c4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f";
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let sandbox: Sandbox;
let nginx: Front;
let ca = "";
/** An upstream that takes connections and never answers: nginx's 504. */
let silent: Server;
const upstream = () => `127.0.0.1:${new URL(sandbox.baseUrl).port}`;

beforeAll(async () => {
  sandbox = await startSandbox(["--no-rate-limits"]);
  silent = createServer(() => {});
  const silentPort = (await listenOnLoopback(silent)).port;
  nginx = await startNginx(([port, tlsPort], folder) => {
    ca = path.join(folder, "ca.pem");
    return `
  upstream sandbox { server ${upstream()}; keepalive 4; }
  server {
    listen 127.0.0.1:${port};
    keepalive_requests 3; keepalive_timeout 1s;
    client_max_body_size 1k;
    location = /down/api/v4/main-account/balance { proxy_pass http://127.0.0.1:9; }
    location = /slow/api/v4/main-account/balance { proxy_read_timeout 200ms; proxy_pass http://127.0.0.1:${silentPort}; }
    location /gzip/ { proxy_pass http://127.0.0.1:${port}/gzipping/; proxy_set_header Accept-Encoding gzip; }
    location /gzipping/ {
      gzip on; gzip_proxied any; gzip_types application/json; gzip_min_length 1;
      proxy_pass http://sandbox/; proxy_http_version 1.1; proxy_set_header Connection "";
    }
    location /gateway/ { proxy_pass http://sandbox/; proxy_http_version 1.1; proxy_set_header Connection ""; }
    location / { proxy_pass http://sandbox; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }
  server {
    listen 127.0.0.1:${tlsPort} ssl;
    server_name localhost;
    ssl_certificate ${folder}/server.pem; ssl_certificate_key ${folder}/server.key;
    location / { proxy_pass http://sandbox; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }`;
  }, { ports: 2, prepare: async (folder) => {
    // A CA of the test's own, and a certificate it signs for "localhost".
    const openssl = (...args: string[]) => run("openssl", args, { cwd: folder });
    await openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=txc test CA", "-keyout", "ca.key", "-out", "ca.pem");
    await openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", "server.key", "-out", "server.csr");
    await run("sh", ["-c", "printf 'subjectAltName=DNS:localhost' > ext.cnf && openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile ext.cnf -out server.pem"], { cwd: folder });
  } });
});
afterAll(async () => {
  await nginx?.close();
  await sandbox?.stop();
  silent?.close();
});

const through = (prefix = "", options: Parameters<typeof createClient>[0] extends infer O ? Partial<O> : never = {}) =>
  createClient({ baseUrl: `http://127.0.0.1:${nginx.port}${prefix}`, ...partner, retry: false, ...options });
/** The requests nginx passed on, by path (its access log: one line each). */
const relayed = (pathPart: string) => nginx.log().split("\n").filter((line) => line.includes(pathPart)).length;

/** nginx writes a request's log line once it is done: waits (bounded) until `count()` reaches `least`, and returns it. */
async function loggedAtLeast(count: () => number, least: number, ms = 5_000): Promise<number> {
  for (const deadline = Date.now() + ms; count() < least && Date.now() < deadline; ) await wait(20);
  return count();
}

describe("nginx in front of the sandbox", () => {
  it("keepalive_requests 3 and keepalive_timeout 1s: every call answered through idle gaps, no state-changing call sent twice", async () => {
    const client = through();
    const before = relayed("/auto-invest");
    let changes = 0;
    for (let round = 0; round < 6; round++) {
      const calls = Array.from({ length: 12 }, (_, i) => (i % 4 === 0 ? (changes++, client.updateFlexAutoReinvestment({ plan, enabled: i % 8 === 0 })) : client.getMainBalance()));
      const answers = await Promise.all(calls);
      expect(answers).toHaveLength(12);
      // Gaps about nginx's 1 s idle time, which it does not announce.
      await wait(round % 2 ? 1_050 : 950);
    }
    expect(await loggedAtLeast(() => relayed("/auto-invest") - before, changes), "state-changing calls in nginx's log against those made").toBe(changes);
  });

  it("TLS with a private CA: refused without it, answered with an Agent that trusts it", async () => {
    const baseUrl = `https://localhost:${nginx.ports[1]}`;
    const refused = await createClient({ baseUrl, ...partner }).getMainBalance().catch((error) => error);
    expect(refused).toBeInstanceOf(NetworkError);
    expect(refused.message).toMatch(/^getMainBalance: TLS: .*\(UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT_LOCALLY\)$/);
    const dispatcher = new Agent({ connect: { ca: readFileSync(ca) } });
    expect(await createClient({ baseUrl, ...partner, dispatcher }).getMainBalance({ ticker: "BTC" })).toHaveProperty("BTC");
    await dispatcher.close();
  });

  it("a front that gzips anyway: the answer is decoded, validated and returned", async () => {
    const before = nginx.log().split("\n").filter((line) => line.includes("/gzipping/") && / 200 /.test(line)).length;
    const balance = await through("/gzip").getMainBalance();
    expect(Object.keys(balance).length).toBeGreaterThan(1);
    const gzipped = () => nginx.log().split("\n").filter((line) => line.includes("/gzipping/") && / 200 /.test(line)).length;
    expect(await loggedAtLeast(gzipped, before + 1), "gzipped answers in nginx's log").toBe(before + 1);
  });

  it("nginx's own 502, 504 and 413 pages: one typed line each, no HTML", async () => {
    const down = await through("/down").getMainBalance().catch((error) => error);
    expect(down).toBeInstanceOf(ServerError);
    expect(down.message).toBe("getMainBalance: 502 Server error");
    const slow = await through("/slow").getMainBalance().catch((error) => error);
    expect(slow).toBeInstanceOf(ServerError);
    expect(slow.status).toBe(504);
    const tooBig = await through().getMiningPayoutDestination({ accountName: "x".repeat(2_000) }).catch((error) => error);
    expect(tooBig).toBeInstanceOf(HttpError);
    expect(tooBig.status).toBe(413);
    for (const failure of [down, slow, tooBig]) expect(failure.message).not.toMatch(/<|\n/);
  });
});

describe("a gateway that strips its path prefix", () => {
  it("both public clients sign the document's path, so the sandbox behind it accepts them", async () => {
    const baseUrl = `http://127.0.0.1:${nginx.port}/gateway`;
    expect(await createClient({ baseUrl, ...partner }).getMainBalance({ ticker: "BTC" })).toHaveProperty("BTC");
    const { createSignedFetchClient } = await import("../../src/openapi-fetch.js");
    const { data, response } = await createSignedFetchClient({ baseUrl, ...partner }).POST("/api/v4/main-account/balance", { body: { ticker: "BTC" } });
    expect(response.status).toBe(200);
    expect(data).toHaveProperty("BTC");
  });
});

describe("a forward proxy (tinyproxy)", () => {
  let proxy: Front;
  beforeAll(async () => {
    proxy = await startTinyproxy();
  });
  afterAll(async () => {
    await proxy?.close();
  });
  const proxyUrl = () => `http://127.0.0.1:${proxy.port}`;
  const tunnels = () => proxy.log().split("\n").filter((line) => line.includes(`CONNECT 127.0.0.1:${new URL(sandbox.baseUrl).port}`) || line.includes(`127.0.0.1:${new URL(sandbox.baseUrl).port}`)).length;

  /** A first call in a process of its own, with the environment given. */
  const callIn = (env: Record<string, string>) =>
    run(process.execPath, ["--input-type=module", "-e", `
      import { createClient } from ${JSON.stringify(path.join(root, "dist", "bundle", "index.js"))};
      const client = createClient({ baseUrl: ${JSON.stringify(sandbox.baseUrl)}, apiKey: ${JSON.stringify(partner.apiKey)}, apiSecret: process.env.SECRET });
      const balance = await client.getMainBalance({ ticker: "BTC" });
      console.log(Object.keys(balance).join(","));
    `], { env: { PATH: process.env.PATH!, SECRET: partner.apiSecret, ...env } });

  it("HTTP_PROXY is honoured, as curl does; NO_PROXY sends past it", async () => {
    const before = tunnels();
    expect((await callIn({ HTTP_PROXY: proxyUrl() })).stdout.trim()).toBe("BTC");
    expect(tunnels()).toBeGreaterThan(before);
    const viaLowerCase = tunnels();
    expect((await callIn({ http_proxy: proxyUrl() })).stdout.trim()).toBe("BTC");
    expect(tunnels()).toBeGreaterThan(viaLowerCase);
    const bypassed = tunnels();
    expect((await callIn({ HTTP_PROXY: proxyUrl(), NO_PROXY: "127.0.0.1" })).stdout.trim()).toBe("BTC");
    expect(tunnels()).toBe(bypassed);
  });

  it("a ProxyAgent passed as dispatcher carries every call", async () => {
    const before = tunnels();
    const dispatcher = new ProxyAgent(proxyUrl());
    const client = createClient({ baseUrl: sandbox.baseUrl, ...partner, dispatcher });
    expect(await client.getMainBalance({ ticker: "BTC" })).toHaveProperty("BTC");
    expect(tunnels()).toBeGreaterThan(before);
    await dispatcher.close();
  });

  it("contract-test --proxy sends the whole run through the proxy", async () => {
    const before = tunnels();
    const cli = await run(process.execPath, [path.join(root, "dist", "bundle", "cli.js"), "contract-test", "--base-url", sandbox.baseUrl, "--proxy", proxyUrl(), "--operation", "getMainBalance", "--no-pacing"], {
      env: { PATH: process.env.PATH!, TXC_API_KEY: partner.apiKey, TXC_API_SECRET: partner.apiSecret, NO_COLOR: "1" },
    }).catch((error) => error);
    expect(cli.code ?? 0).toBe(0);
    expect(tunnels()).toBeGreaterThan(before);
  });
});
