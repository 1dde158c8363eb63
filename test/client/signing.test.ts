// Signing by hand, through the openapi-fetch middleware, and from the command line (curl included).
import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { createHmac } from "node:crypto";
import path from "node:path";
import createFetchClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signRequest, signingMiddleware, type SignedPaths } from "../../src/index.js";
import { root } from "../helpers/project.js";
import { startVerifyingServer, type VerifyingServer } from "../helpers/verifying-server.js";

const apiKey = "signing-key";
const apiSecret = "signing-secret-9c1d";
const cli = path.join(root, "dist", "bundle", "cli.js");
let server: VerifyingServer;

beforeAll(async () => {
  server = await startVerifyingServer({ [apiKey]: apiSecret }, () => ({ status: 200, body: { BTC: { main_balance: "1" } } }));
});
afterAll(() => server?.close());

describe("signRequest", () => {
  it("returns the exact body text and headers: payload = base64(body), signature = hex HMAC-SHA512(payload, secret)", () => {
    const signed = signRequest({ path: "/api/v4/main-account/balance", body: { ticker: "BTC" }, apiKey, apiSecret, nonce: 1700000000123 });
    expect(signed.body).toBe('{"request":"/api/v4/main-account/balance","nonce":"1700000000123","ticker":"BTC"}');
    const payload = Buffer.from(signed.body).toString("base64");
    expect(signed.headers).toEqual({
      "Content-Type": "application/json",
      "X-TXC-APIKEY": apiKey,
      "X-TXC-PAYLOAD": payload,
      "X-TXC-SIGNATURE": createHmac("sha512", apiSecret).update(payload).digest("hex"),
    });
  });

  it("keeps request and nonce its own even when the body carries others", () => {
    const signed = signRequest({ path: "/p", body: { request: "/elsewhere", nonce: "0", ticker: "BTC" }, apiKey, apiSecret, nonce: "5" });
    expect(JSON.parse(signed.body)).toEqual({ request: "/p", nonce: "5", ticker: "BTC" });
  });

  it("produces a request the verifying server accepts", async () => {
    const signed = signRequest({ path: "/api/v4/main-account/balance", apiKey, apiSecret, nonce: 42 });
    const response = await fetch(`${server.baseUrl}/api/v4/main-account/balance`, { method: "POST", headers: signed.headers, body: signed.body });
    expect(response.status).toBe(200);
    expect(server.received.at(-1)!.signatureProblem).toBeNull();
  });
});

describe("signingMiddleware with a plain openapi-fetch client", () => {
  it("signs the body it sends, with request set to the path and a fresh nonce", async () => {
    const client = createFetchClient<SignedPaths>({ baseUrl: server.baseUrl });
    client.use(signingMiddleware({ apiKey, apiSecret }));
    const { data, response } = await client.POST("/api/v4/main-account/balance", { body: { ticker: "BTC" } });
    expect(response.status).toBe(200);
    expect(data).toEqual({ BTC: { main_balance: "1" } });
    const sent = server.received.at(-1)!;
    expect(sent.signatureProblem).toBeNull();
    expect(sent.body).toEqual({ request: "/api/v4/main-account/balance", nonce: expect.stringMatching(/^\d{13,}$/), ticker: "BTC" });
  });
});

describe("txc-api sign", () => {
  const env = { ...process.env, TXC_API_KEY: apiKey, TXC_API_SECRET: apiSecret };
  const run = (args: string[], environment: NodeJS.ProcessEnv = env) => spawnSync("node", [cli, "sign", ...args], { env: environment, encoding: "utf8" });

  it("prints the body and the three headers as JSON, never the secret", () => {
    const result = run(["--path", "/api/v4/main-account/balance", "--body", '{"ticker":"BTC"}', "--nonce", "77"]);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(signRequest({ path: "/api/v4/main-account/balance", body: { ticker: "BTC" }, apiKey, apiSecret, nonce: 77 }));
    expect(result.stdout + result.stderr).not.toContain(apiSecret);
  });

  it("prints a curl command that the verifying server accepts", async () => {
    const result = run(["--path", "/api/v4/main-account/balance", "--format", "curl", "--base-url", server.baseUrl]);
    expect(result.status).toBe(0);
    expect(result.stdout).not.toContain(apiSecret);
    // Asynchronously: the verifying server runs in this process and must keep answering.
    const { stdout: answer } = await promisify(execFile)("bash", ["-c", result.stdout], { encoding: "utf8" });
    expect(JSON.parse(answer)).toEqual({ BTC: { main_balance: "1" } });
    expect(server.received.at(-1)!.signatureProblem).toBeNull();
  });

  it("reads the secret from --api-secret-file", () => {
    const secretFile = path.join(root, "test", "client", "fixtures", "secret.txt");
    const result = run(["--path", "/api/v4/main-account/balance", "--nonce", "1", "--api-secret-file", secretFile], { ...process.env, TXC_API_KEY: apiKey });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).headers["X-TXC-SIGNATURE"]).toBe(
      signRequest({ path: "/api/v4/main-account/balance", apiKey, apiSecret: "secret-from-file", nonce: 1 }).headers["X-TXC-SIGNATURE"],
    );
  });

  it.each([
    [["--path", "/api/v4/main-account/balance"], { ...process.env, TXC_API_KEY: "", TXC_API_SECRET: "" }, /TXC_API_KEY/],
    [["--path", "/api/v4/main-account/balance"], { ...process.env, TXC_API_KEY: apiKey, TXC_API_SECRET: "" }, /TXC_API_SECRET/],
    [["--body", "{}"], undefined, /--path is required/],
    [["--path", "/api/v4/main-account/balance", "--body", "[1]"], undefined, /--body must be a JSON object/],
    [["--path", "/api/v4/main-account/balance", "--format", "xml"], undefined, /--format must be json or curl/],
    [["--path", "/api/v4/main-account/balance", "--api-secret", "x"], undefined, /Unknown option '--api-secret'/],
  ])("fails with exit 2 and a clear message on %j", (args, environment, message) => {
    const result = run(args as string[], (environment as NodeJS.ProcessEnv) ?? env);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toContain(apiSecret);
  });

  it("explains itself with --help", () => {
    const result = run(["--help"]);
    expect(result.status).toBe(0);
    for (const option of ["--path", "--body", "--nonce", "--format", "TXC_API_KEY", "TXC_API_SECRET", "--api-secret-file"]) expect(result.stdout).toContain(option);
  });
});
