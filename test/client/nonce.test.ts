// Nonces: strictly increasing in send order and never repeated per API key, for thousands of
// concurrent calls within one millisecond and across client instances.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, timeNonce } from "../../src/index.js";
import { startVerifyingServer, type VerifyingServer } from "../helpers/verifying-server.js";

const apiSecret = "nonce-secret";
const balance = { BTC: { main_balance: "1" } };

const answer = () => new Response(JSON.stringify(balance), { status: 200, headers: { "Content-Type": "application/json" } });

/** A fetch that answers at once and records each body's nonce in the order fetch was called. */
function recordingFetch(sent: bigint[]): typeof fetch {
  return async (_input, init) => {
    sent.push(BigInt(JSON.parse(String(init!.body)).nonce));
    return answer();
  };
}

function expectStrictlyIncreasing(nonces: bigint[]) {
  for (let i = 1; i < nonces.length; i++) if (nonces[i] <= nonces[i - 1]) throw new Error(`nonce ${i} (${nonces[i]}) <= nonce ${i - 1} (${nonces[i - 1]})`);
}

describe("nonces", () => {
  it("are strictly increasing in send order for 5,000 concurrent calls, two clients sharing the key", async () => {
    const sent: bigint[] = [];
    // recordingFetch records synchronously when called, so `sent` is in send order.
    const options = { baseUrl: "http://127.0.0.1:9", apiKey: "concurrent-key", apiSecret, fetch: recordingFetch(sent) };
    const [first, second] = [createClient(options), createClient(options)];
    const calls = Array.from({ length: 5000 }, (_, i) => (i % 2 ? first : second).getMainBalance());
    await Promise.all(calls);
    expect(sent).toHaveLength(5000);
    expect(new Set(sent).size).toBe(5000);
    expectStrictlyIncreasing(sent);
  });

  it("stay increasing when the clock stands still or goes back", () => {
    const realNow = Date.now;
    try {
      Date.now = () => 2_000_000_000_000;
      const standing = [timeNonce("clock-key"), timeNonce("clock-key"), timeNonce("clock-key")].map(BigInt);
      Date.now = () => 1_000_000_000_000;
      const back = [timeNonce("clock-key"), timeNonce("clock-key")].map(BigInt);
      expectStrictlyIncreasing([...standing, ...back]);
      expect(standing[0]).toBe(2_000_000_000_000n);
    } finally {
      Date.now = realNow;
    }
  });

  it("can be plugged in", async () => {
    const sent: bigint[] = [];
    let counter = 10n;
    const client = createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", apiSecret, nonce: () => String(++counter), fetch: recordingFetch(sent) });
    await client.getMainBalance();
    await client.getMainBalance();
    expect(sent).toEqual([11n, 12n]);
  });

  describe("over real HTTP", () => {
    let server: VerifyingServer;
    beforeAll(async () => {
      server = await startVerifyingServer({ "http-key": apiSecret }, () => ({ status: 200, body: balance }));
    });
    afterAll(() => server?.close());

    it("1,000 concurrent signed calls all arrive verified with distinct nonces", async () => {
      const client = createClient({ baseUrl: server.baseUrl, apiKey: "http-key", apiSecret });
      await Promise.all(Array.from({ length: 1000 }, () => client.getMainBalance()));
      expect(server.received).toHaveLength(1000);
      expect(server.received.filter((r) => r.signatureProblem !== null)).toEqual([]);
      expect(new Set(server.received.map((r) => r.body.nonce)).size).toBe(1000);
    });
  });
});
