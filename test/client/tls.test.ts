// The client against TLS it cannot trust, each a real loopback server with a certificate made
// here by openssl: the error is one plain line naming the cause and Node's code, and a failure no
// retry can mend is not retried.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, NetworkError } from "../../src/index.js";
import { root } from "../helpers/project.js";
import { listenOnLoopback } from "../helpers/loopback.js";

const run = promisify(execFile);
const folder = mkdtempSync(path.join(tmpdir(), "txc-tls-"));
const certificate = path.join(folder, "cert.pem");
const servers: Server[] = [];
let connections = 0;
let httpsUrl = "";
let plainHttpUrl = "";

async function listen(server: Server) {
  servers.push(server);
  server.on("connection", () => connections++);
  return (await listenOnLoopback(server)).port;
}

beforeAll(async () => {
  // A certificate for the name "localhost" only, signed by itself.
  await run("openssl", [
    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
    "-keyout", path.join(folder, "key.pem"), "-out", certificate,
  ]).catch((error) => {
    throw new Error(`these tests make a certificate with openssl, which failed (${error.code === "ENOENT" ? "not installed: apt-get install openssl" : error.message})`);
  });
  const answer = (_: unknown, response: import("node:http").ServerResponse) => response.end("{}");
  httpsUrl = `https://127.0.0.1:${await listen(createHttpsServer({ key: readFileSync(path.join(folder, "key.pem")), cert: readFileSync(certificate) }, answer))}`;
  plainHttpUrl = `https://127.0.0.1:${await listen(createHttpServer(answer))}`;
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve)))));
  rmSync(folder, { recursive: true, force: true });
});

const keys = { apiKey: "tls-key", apiSecret: "tls-secret-never-shown" };

async function failureOf(baseUrl: string) {
  connections = 0;
  const failure = await createClient({ baseUrl, ...keys }).getMainBalance().catch((error) => error);
  expect(failure).toBeInstanceOf(NetworkError);
  return failure as NetworkError;
}

describe("TLS the client cannot trust", () => {
  it("a self-signed certificate: one plain line, not retried", async () => {
    const failure = await failureOf(httpsUrl);
    expect(failure.message).toBe("getMainBalance: TLS: the server's certificate is self-signed (DEPTH_ZERO_SELF_SIGNED_CERT)");
    expect(failure).toMatchObject({ code: "DEPTH_ZERO_SELF_SIGNED_CERT", transient: false });
    expect(connections).toBe(1);
  });

  it("https to a plain http port: one plain line saying so, no OpenSSL text, not retried", async () => {
    const failure = await failureOf(plainHttpUrl);
    expect(failure.message).toBe(
      "getMainBalance: TLS: the server did not answer in TLS (is it http, not https, on that port?) (ERR_SSL_WRONG_VERSION_NUMBER)",
    );
    expect(failure.transient).toBe(false);
    expect(connections).toBe(1);
  });

  it("a trusted certificate for another name: one plain line (a process that trusts it, as NODE_EXTRA_CA_CERTS does)", async () => {
    const script = `
      import { createClient } from ${JSON.stringify(path.join(root, "dist", "bundle", "index.js"))};
      const client = createClient({ baseUrl: ${JSON.stringify(httpsUrl)}, apiKey: "k", apiSecret: "s" });
      client.getMainBalance().catch((error) => console.log(JSON.stringify({ name: error.name, message: error.message, attempts: error.attempts ?? 1 })));`;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], { env: { ...process.env, NODE_EXTRA_CA_CERTS: certificate } });
    expect(JSON.parse(stdout)).toEqual({
      name: "NetworkError",
      message: "getMainBalance: TLS: the server's certificate is not for this host (ERR_TLS_CERT_ALTNAME_INVALID)",
      attempts: 1,
    });
  });
});
