// A server team's contract tests: one vitest test per operation and check. Here the server is the
// sandbox; point baseUrl and the keys at your own server (from the environment, never in code).
import { afterAll, describe, it } from "vitest";
import { contractTests } from "txc-api/contract";
import { startSandbox } from "txc-api/sandbox";

const sandbox = await startSandbox({ rateLimits: false });
afterAll(() => sandbox.close());

describe("the server keeps the TXC API v4 contract", () => {
  for (const test of contractTests({ baseUrl: sandbox.url, ...sandbox.keys.partner, basic: sandbox.keys.basic, pacing: false, examplesPerOperation: 3 })) {
    it(test.name, test.run, 120_000);
  }
});
