// State: exact decimal credits, no double apply or refund, and no lost update under concurrency.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Big from "big.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/index.js";
import type { Dataset } from "../../generated/dataset.js";
import { builtInDataset } from "../../src/sandbox/dataset.js";
import { partnerClient, startSandbox, type Sandbox } from "../helpers/sandbox.js";

const dir = mkdtempSync(path.join(tmpdir(), "txc-sandbox-state-"));
const keys = Array.from({ length: 5 }, (_, i) => ({ key: `load-key-${i}`, secret: `load-secret-${i}` }));
const codes = Array.from({ length: 200 }, (_, i) => ({ code: `LOAD-${i}`, ticker: "USDT", amount: `0.${String(i + 1).padStart(8, "0")}` }));

function loadDataset(): Dataset {
  const dataset = builtInDataset();
  dataset.codes.push(...codes, { code: "TINY", ticker: "BTC", amount: "0.00000001" });
  dataset.accounts[0].apiKeys.push(...keys);
  return dataset;
}

let sandbox: Sandbox;
beforeAll(async () => {
  const file = path.join(dir, "dataset.json");
  writeFileSync(file, JSON.stringify(loadDataset()));
  sandbox = await startSandbox(["--data", file]);
});
afterAll(async () => {
  await sandbox?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("sandbox state", () => {
  it("credits a code exactly, to the last decimal, and only once", async () => {
    const client = partnerClient(sandbox);
    await client.applyCode({ code: "TINY" });
    expect(await client.getMainBalance({ ticker: "BTC" })).toEqual({ BTC: { main_balance: "0.01532001" } });
    await expect(client.applyCode({ code: "TINY" })).rejects.toMatchObject({ status: 400, errors: { code: [expect.any(String)] } });
    expect(await client.getMainBalance({ ticker: "BTC" })).toEqual({ BTC: { main_balance: "0.01532001" } });
  });

  it("refunds a deposit only once, even when asked twice at the same time", async () => {
    const client = partnerClient(sandbox);
    const request = { transaction_id: "7c2e9a41-5b3d-4f6e-8a1c-0d9e8f7a6b5c", address: "bc1qa5wkgaew2dkv56kfvj49j0av5nml45x9ek9hz6" };
    const results = await Promise.allSettled([client.refundDeposit(request), client.refundDeposit(request)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
  });

  it("loses no update: 200 concurrent signed code applications from 5 keys", async () => {
    const clients = keys.map(({ key, secret }) => createClient({ baseUrl: sandbox.baseUrl, apiKey: key, apiSecret: secret, retry: false }));
    const before = (await clients[0].getMainBalance({ ticker: "USDT" })).USDT!.main_balance;
    // All 200 at once. Requests of one key travel on several connections and may arrive out of
    // nonce order; the sandbox refuses those (401, nothing applied), and they are sent again.
    let pending = codes.map((code, i) => ({ code: code.code, client: clients[i % 5] }));
    let applied = 0;
    for (let wave = 0; pending.length && wave < 10; wave++) {
      const outcomes = await Promise.allSettled(pending.map(({ code, client }) => client.applyCode({ code })));
      const refused = outcomes.flatMap((o, i) => (o.status === "rejected" ? [{ ...pending[i], reason: o.reason }] : []));
      expect(refused.every(({ reason }) => reason.status === 401 && /nonce/.test(reason.message))).toBe(true);
      applied += outcomes.length - refused.length;
      pending = refused;
    }
    expect(applied).toBe(200);
    const expected = codes.reduce((sum, { amount }) => sum.plus(amount), new Big(before)).toFixed();
    expect((await clients[3].getMainBalance({ ticker: "USDT" })).USDT!.main_balance).toBe(expected);
  });
});
