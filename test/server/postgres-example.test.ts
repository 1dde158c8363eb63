// examples/server-node with its ledger on PostgreSQL (DATABASE_URL), run as its users run it: two
// node:cluster processes on one port over a real PostgreSQL this test starts, the kit's nonces and
// claims in the same database, each code's claim spent in the transaction that credits it.
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import { signRequest } from "../../src/index.js";
import { contractTest } from "../helpers/contract-test-cli.js";
import { linkedExample, startExampleServer, type ExampleServer } from "../helpers/linked-example.js";
import { outputMatching } from "../helpers/processes.js";
import { startPostgres, type Postgres } from "../helpers/postgres.js";
import { send, type Heard } from "../helpers/raw-requests.js";

const key = { apiKey: "team-key", apiSecret: "team-secret" };
const APPLY = operationIndex.applyCode.path;
const BALANCE = operationIndex.getMainBalance.path;
const example = linkedExample("server-node", ["pg"]);
let postgres: Postgres;
let servers: ExampleServer;
// Unix milliseconds: below the nonces the contract tester signs with, which come after.
let nonce = Date.now();

const post = (path: string, body: Record<string, unknown>) => send(`${servers.baseUrl}${path}`, signRequest({ path, body, ...key, nonce: ++nonce }));
const statusOf = (heard: Heard) => ("status" in heard ? heard.status : 0);

beforeAll(async () => {
  postgres = await startPostgres();
  servers = await startExampleServer(example.dir, "src/cluster.mjs", { TXC_API_KEY: key.apiKey, TXC_API_SECRET: key.apiSecret, DATABASE_URL: postgres.url, WORKERS: "2" });
  await outputMatching(servers, /with 2 workers/);
});
afterAll(async () => {
  await servers?.stop();
  await postgres?.close();
  example.remove();
});

it("a code redeemed from ten connections at once over two processes is credited once, the winner's replay refused, and both read the one balance", async () => {
  const requests = Array.from({ length: 10 }, () => signRequest({ path: APPLY, body: { code: "TXC-BTC-2H6N1V5X0C7B" }, ...key, nonce: ++nonce }));
  const answers = await Promise.all(requests.map((signed) => send(`${servers.baseUrl}${APPLY}`, signed)));
  expect(answers.filter((answer) => statusOf(answer) === 200)).toHaveLength(1);
  // The one accepted, replayed on two fresh connections (one to each process): refused by its nonce.
  const accepted = requests[answers.findIndex((answer) => statusOf(answer) === 200)]!;
  for (let i = 0; i < 2; i++) expect(statusOf(await send(`${servers.baseUrl}${APPLY}`, accepted))).toBe(401);
  // The others: a nonce that arrived after a later one (401), or the code spent or being handled (400).
  for (const answer of answers.filter((answer) => statusOf(answer) !== 200)) {
    expect(statusOf(answer) === 401 || /^(The code has already been applied\.|A request with this code is being handled;)/.test((answer as any).body.errors?.code?.[0])).toBe(true);
  }
  for (let i = 0; i < 2; i++) expect(await post(BALANCE, { ticker: "BTC" })).toMatchObject({ status: 200, body: { BTC: { main_balance: "0.50012345" } } });
});

it("PostgreSQL shut down: every request is answered 500; once it is back, the code is credited once and refused after", async () => {
  await postgres.stop();
  expect(statusOf(await post(BALANCE, {}))).toBe(500);
  expect(statusOf(await post(APPLY, { code: "TXC-USDT-7F3K9Q2M8Z4W", passphrase: "blue-harbour-42" }))).toBe(500);
  await postgres.start();
  // The pools make new connections on their own schedule: asked until they have (a stuck one never does).
  let applied: Heard;
  for (;;) {
    applied = await post(APPLY, { code: "TXC-USDT-7F3K9Q2M8Z4W", passphrase: "blue-harbour-42" });
    if (statusOf(applied) !== 500) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(applied).toMatchObject({ status: 200, body: { ticker: "USDT", amount: "25" } });
  expect(await post(APPLY, { code: "TXC-USDT-7F3K9Q2M8Z4W", passphrase: "blue-harbour-42" })).toMatchObject({ status: 400, body: { errors: { code: ["The code has already been applied."] } } });
  expect(await post(BALANCE, { ticker: "USDT" })).toMatchObject({ body: { USDT: { main_balance: "1225" } } });
});

it("passes txc-api contract-test with mutations, on a database of its own", async () => {
  // Its own database: the codes the tests above spent are fresh there.
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query("CREATE DATABASE contract");
  await admin.end();
  const fresh = await startExampleServer(example.dir, "src/cluster.mjs", { TXC_API_KEY: key.apiKey, TXC_API_SECRET: key.apiSecret, DATABASE_URL: postgres.url.replace(/\/postgres$/, "/contract"), WORKERS: "2" });
  try {
    await outputMatching(fresh, /with 2 workers/);
    const run = await contractTest(["--base-url", fresh.baseUrl, "--include-mutations", "--no-pacing"], { key: key.apiKey, secret: key.apiSecret });
    expect(run.stdout, run.stderr).toMatch(/applyCode +\d+ checks, all passed/);
    expect(run.stdout).not.toMatch(/\nfailed: |FAILED/);
    // Its only failures are the operations it has not written, one each.
    const [, failed, notImplemented] = /^[1-9]\d* passed, (\d+) failed; (\d+) not implemented/m.exec(run.stdout) ?? [];
    expect(notImplemented, run.stdout).toMatch(/^[1-9]/);
    expect(failed).toBe(notImplemented);
  } finally {
    await fresh.stop();
  }
});
