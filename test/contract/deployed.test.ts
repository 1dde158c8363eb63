// contract-test against a server as it is deployed: two node:cluster processes on one port over a
// real redis-server this test starts. A team's once-only state or nonces kept per process pass a
// tester that sends one key's requests over one connection; these runs must find them.
import { afterAll, beforeAll, expect, it } from "vitest";
import { runContractTest, startProxy, type ContractTestOptions } from "../../src/contract-entry.js";
import { createClient } from "../../src/index.js";
import { startClusterTeam, teamCodes, teamKeys, type Plant } from "../helpers/cluster-team.js";
import { startRedis, type RedisServer } from "../helpers/redis.js";
import { startNginx } from "../helpers/fronts.js";

const [main, second] = teamKeys(2) as [{ apiKey: string; apiSecret: string }, { apiKey: string; apiSecret: string }];
// Three codes a run: the workflow's, the replay's and the race's.
const codes = teamCodes(14, "RUN");
let redis: RedisServer;
const stops: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const stop of stops) await stop();
  await redis?.stop();
});

async function runAgainst(plant: Plant, given: typeof codes) {
  const team = await startClusterTeam({ redisUrl: redis.url, keys: [main, second], codes, plant });
  stops.push(team.stop);
  const options: ContractTestOptions = {
    baseUrl: team.baseUrl, ...main, moreKeys: [second], includeMutations: true, examplesPerOperation: 2,
    operations: ["getMainBalance", "applyCode"], fixtures: { applyCode: given.map(({ code }) => ({ code })) },
  };
  return { run: () => runContractTest(options) };
}

it("a server sharing its nonces, claims and balances passes twice back to back: the race, the replays and the workflow all checked", async () => {
  const { run } = await runAgainst("none", codes.slice(0, 6));
  for (const round of [1, 2]) {
    const result = await run();
    const failures = result.results.filter((r) => !r.passed).map((r) => `${r.operationId} ${r.check}: ${r.failures.map((f) => f.message).join("; ")}`);
    expect(result.exitStatus, `round ${round}: ${[...failures, ...result.runProblems].join("\n")}`).toBe(0);
    expect(result.notes.filter((note) => /not checked|not raced/.test(note))).toEqual([]);
    // Four places (--connections), two keys in turn: the others refused as spent or being handled (400), or their nonce overtaken (401).
    expect(result.notes).toContainEqual(expect.stringMatching(/^races: applyCode: 4 requests raced, 1 accepted, 3 refused \(200: 1, 40[01]: \d(, 40[01]: \d)?\)$/));
    expect(result.results.some((r) => r.check === "races" && r.operationId === "applyCode" && r.passed)).toBe(true);
    expect(result.results.some((r) => r.check === "sequences" && r.passed)).toBe(true);
  }
});

it("codes spent per process: the race finds a code accepted by both processes", async () => {
  const { run } = await runAgainst("codes-per-process", codes.slice(6, 9));
  const result = await run();
  expect(result.exitStatus).toBe(1);
  const race = result.results.find((r) => r.check === "races" && r.operationId === "applyCode");
  expect(race?.passed).toBe(false);
  expect(race?.failures[0]?.message).toMatch(/[2-4] of 4 requests with one code, sent at once, were accepted: the document says it succeeds once/);
});

it("nonces kept per process: a replay resent on other connections reaches the other process and is accepted", async () => {
  const { run } = await runAgainst("nonces-per-process", codes.slice(9, 12));
  const result = await run();
  expect(result.exitStatus).toBe(1);
  const replay = result.results.find((r) => r.check === "auth-signature" && r.operationId === "getMainBalance");
  expect(replay?.passed).toBe(false);
  expect(replay?.failures.map((f) => f.message).join("\n")).toContain("a reused nonce");
});

it("behind nginx keeping 16 upstream connections alive, nonces kept per process: the replay, resent at once, still reaches the other process", async () => {
  const team = await startClusterTeam({ redisUrl: redis.url, keys: [main, second], codes, plant: "nonces-per-process" });
  stops.push(team.stop);
  // The usual tuning: requests in a row reuse one upstream connection, so reach one worker.
  const nginx = await startNginx(([port]) => `upstream team { server 127.0.0.1:${new URL(team.baseUrl).port}; keepalive 16; }
    server { listen 127.0.0.1:${port}; location / { proxy_pass http://team; proxy_http_version 1.1; proxy_set_header Connection ""; } }`);
  stops.push(nginx.close);
  const result = await runContractTest({ baseUrl: `http://127.0.0.1:${nginx.port}`, ...main, moreKeys: [second], examplesPerOperation: 2, operations: ["getMainBalance"] });
  const replay = result.results.find((r) => r.check === "auth-signature" && r.operationId === "getMainBalance");
  expect(replay?.failures.map((f) => f.message).join("\n")).toContain("a reused nonce");
  expect(result.exitStatus).toBe(1);
});

it("the proxy spreads a key's requests over its upstream connections: a code credited by both processes is seen in live traffic, and not with one connection", async () => {
  const team = await startClusterTeam({ redisUrl: redis.url, keys: [main, second], codes, plant: "codes-per-process" });
  stops.push(team.stop);
  const brokenChains = async (code: string, upstreamConnections?: number) => {
    const proxy = await startProxy({ upstream: team.baseUrl, credentials: [main], ...(upstreamConnections ? { upstreamConnections } : {}) });
    try {
      const client = createClient({ baseUrl: proxy.url, ...main, retry: false });
      const answers = [];
      for (let i = 0; i < 2; i++) answers.push(await client.applyCode({ code }).then(() => 200, (error: { status?: number }) => error.status));
      return { answers, broken: proxy.violations().filter((v) => v.check === "workflows").map((v) => v.message) };
    } finally {
      await proxy.close();
    }
  };
  const spread = await brokenChains(codes[12]!.code);
  expect(spread.answers).toEqual([200, 200]);
  expect(spread.broken).toEqual([expect.stringMatching(/step redeemAgain of workflow redeemCodeOnce/)]);
  // One connection: both requests reach one process, which refuses the second; the defect stays hidden.
  const one = await brokenChains(codes[13]!.code, 1);
  expect(one).toEqual({ answers: [200, 400], broken: [] });
});
