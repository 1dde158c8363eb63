// The API's flows as an Arazzo document (openapi/workflows.arazzo.yaml, bundled to
// generated/workflows.arazzo.json): clean under Redocly's and Spectral's Arazzo rules, every
// reference resolved against the document (a step of an operation that does not exist fails the
// generation), and run by Redocly's Respect with the package's signing fetch: every workflow passes
// against the sandbox, and each planted server defect breaks its own workflow at its own step.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Big from "big.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtInDataset, demoKeys } from "../../src/sandbox/dataset.js";
import { operationIndex } from "../../generated/operations.js";
import { startSandbox } from "../../src/sandbox/start.js";
import { createApiHandler, invalidField, memoryClaimStore } from "../../src/server-entry.js";
import { notWrittenYet } from "../helpers/not-written.js";
import { runContractTest, startProxy } from "../../src/contract-entry.js";
import { createClient } from "../../src/index.js";
// @ts-ignore: a build script in plain JavaScript
import { bundleWorkflows, workflowProblems, workflowsSource } from "../../scripts/workflows.mjs";
import { bin, generatedDir, loadDocument, root } from "../helpers/project.js";
import { runWorkflows, type WorkflowOutcome } from "../helpers/respect.js";

const run = promisify(execFile);
const bundled = JSON.parse(readFileSync(path.join(generatedDir, "workflows.arazzo.json"), "utf8"));
const workflowIds: string[] = bundled.workflows.map((workflow: { workflowId: string }) => workflow.workflowId);
const dataset = builtInDataset();
const partner = dataset.accounts[0]!;
const cancelled = partner.deposits.find((deposit) => deposit.status === "canceled")!;
const unspent = dataset.codes.find((code) => !code.passphrase)!;
/** Inputs for every workflow, from the sandbox's data. */
const inputs = { uniqueId: cancelled.transactionId, address: "TRefundDestinationAddress00000001", code: unspent.code, limit: 2 };

const outcomeOf = (outcomes: WorkflowOutcome[]) => Object.fromEntries(outcomes.map(({ workflowId, passed, failedSteps }) => [workflowId, passed ? "passed" : `failed at ${failedSteps.join(", ")}`]));

describe("the Arazzo document", () => {
  it("is Arazzo 1.0.1 with workflows, its source description the bundled document beside it, its version the document's", () => {
    expect(bundled.arazzo).toBe("1.0.1");
    expect(bundled.sourceDescriptions).toEqual([{ name: "txc", url: "./openapi.json", type: "openapi" }]);
    expect(bundled.info.version).toBe(loadDocument().info.version);
    expect(workflowIds.length).toBeGreaterThanOrEqual(4);
  });

  it("is described workflow by workflow in docs/workflows.md, and no workflow the file does not have", () => {
    const listed = [...readFileSync(path.join(root, "docs", "workflows.md"), "utf8").matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1]);
    expect(listed).toEqual(workflowIds);
  });

  // redocly lint runs over it with the document (test/document/lint-and-generate.test.ts).
  it("passes Spectral's spectral:arazzo rules with nothing to say", async () => {
    const spectral = await run(bin("spectral"), ["lint", workflowsSource, "-r", path.join(root, ".spectral.arazzo.yaml"), "--format", "json", "--fail-severity", "hint", "--quiet"], { cwd: root }).catch((error) => error);
    expect(JSON.parse(spectral.stdout)).toEqual([]);
  });

  it("resolves every step's operation, payload field and runtime expression against the document", () => {
    expect(workflowProblems(bundled, loadDocument())).toEqual([]);
    const broken = structuredClone(bundled);
    const steps = broken.workflows[0].steps;
    steps[0].operationId = "refundDepositt";
    broken.workflows[1].steps[1].requestBody.payload.cod = "$inputs.cod";
    broken.workflows[2].steps[1].successCriteria.push({ condition: "$steps.firstPage.outputs.lastRecord == 1" });
    broken.workflows[3].steps[1].outputs.paid = "$response.body#/records/0/paidAt";
    broken.workflows[1].steps[3].requestBody.payload.nonce = "1";
    broken.workflows[1].steps[2]["x-txc-credit"] = broken.workflows[1].steps[2]["x-txc-credited"];
    delete broken.workflows[1].steps[2]["x-txc-credited"].amount;
    broken.workflows[2].steps[0].onSuccess[0].type = "goto";
    expect(workflowProblems(broken, loadDocument())).toEqual([
      'refundCancelledDeposit.refund: operationId "refundDepositt" is no operation of the document',
      "refundCancelledDeposit.refund: $response.body#/id: no such field in a 200 answer of this step",
      "redeemCodeOnce.redeem: payload field cod is not a field of applyCode",
      "redeemCodeOnce.redeem: $inputs.cod: no input cod",
      "redeemCodeOnce.balanceAfter: x-txc-credited has no amount",
      "redeemCodeOnce.balanceAfter: x-txc-credit is no extension txc-api's runner knows (x-txc-credited)",
      "redeemCodeOnce.redeemAgain: payload field nonce is not a field of applyCode the workflow sets (the signing fetch does)",
      'readInvestmentsByPages.firstPage: onSuccess noNextPage is of type goto: txc-api\'s runner takes only "end"',
      "readInvestmentsByPages.nextPage: $steps.firstPage.outputs.lastRecord: step firstPage has no output lastRecord",
      "interestPaymentsOfAPlan.payments: $response.body#/records/0/paidAt: no such field in a 200 answer of getInterestPaymentsHistory",
    ]);
  });

  it("holds a repeated once-only step to the document's x-once-per, both ways", () => {
    const document = loadDocument();
    const repeatWanted = structuredClone(bundled);
    const redeemAgain = repeatWanted.workflows.find((w: { workflowId: string }) => w.workflowId === "redeemCodeOnce").steps.find((s: { stepId: string }) => s.stepId === "redeemAgain");
    redeemAgain.successCriteria = [{ condition: "$statusCode == 200" }];
    expect(workflowProblems(repeatWanted, document)).toEqual([
      "redeemCodeOnce.redeemAgain: sends applyCode with the code of an earlier step, which x-once-per says is refused: its success criteria must want a 4xx",
    ]);
    const notOnceOnly = structuredClone(document);
    delete notOnceOnly.paths[operationIndex.applyCode.path].post["x-once-per"];
    expect(workflowProblems(bundled, notOnceOnly)).toEqual([
      "redeemCodeOnce.redeemAgain: wants a repeat of applyCode refused, which the document does not say (it has no x-once-per)",
    ]);
  });

  it("fails the generation on a workflow of an operation that does not exist, naming it", () => {
    const work = mkdtempSync(path.join(tmpdir(), "txc-workflows-"));
    try {
      copyFileSync(path.join(generatedDir, "openapi.json"), path.join(work, "openapi.json"));
      const source = path.join(work, "workflows.arazzo.yaml");
      writeFileSync(source, readFileSync(workflowsSource, "utf8").replace("operationId: refundDeposit", "operationId: refundDeposits"));
      expect(() => bundleWorkflows(work, source)).toThrow(/refundCancelledDeposit\.refund: operationId "refundDeposits" is no operation of the document/);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe("run by Redocly's Respect with the package's signing fetch", () => {
  it("passes every workflow against the sandbox", async () => {
    const sandbox = await startSandbox();
    try {
      const outcomes = await runWorkflows(path.join(generatedDir, "workflows.arazzo.json"), { baseUrl: sandbox.url, ...sandbox.keys.partner, inputs });
      expect(outcomeOf(outcomes), outcomes.flatMap((o) => o.said).join("\n")).toEqual(Object.fromEntries(workflowIds.map((id) => [id, "passed"])));
    } finally {
      await sandbox.close();
    }
  });

  describe("against a server with a planted defect, built on the kit", () => {
    const DEFECTS = ["none", "code-redeemable-twice", "refund-of-another-transaction", "page-repeats-records", "page-one-short", "balance-not-credited"] as const;
    type Defect = (typeof DEFECTS)[number];
    let defect: Defect = "none";
    // Two codes for each planted defect (Respect's and the tester's), and one for the proxy's run, from the end.
    const codes: { code: string; passphrase?: string; ticker: string; amount: string }[] = DEFECTS.flatMap((_, i) => [
      { code: `KIT-CODE-${3 * i}`, ticker: "BTC", amount: "0.00012345" },
      { code: `KIT-CODE-${3 * i + 1}`, ticker: "TRX", amount: "7" },
      { code: `KIT-CODE-${3 * i + 2}`, ticker: "USDT", amount: "1" },
    ]);
    let server: Server;
    let baseUrl = "";
    beforeAll(async () => {
      const spent = new Set<string>();
      const balances: Record<string, string> = { ...partner.balances };
      // The kit's once-only claim holds a spent code; the planted defect takes it away.
      const claims = memoryClaimStore();
      const api = createApiHandler({
        claims: {
          claim: (operationId, value, token, leaseMs) => (defect === "code-redeemable-twice" ? { taken: true } : claims.claim(operationId, value, token, leaseMs)),
          settle: (operationId, value, token, settlement) => claims.settle(operationId, value, token, settlement),
        },
        keys: (apiKey) => (apiKey === demoKeys.partner.key ? { secret: demoKeys.partner.secret, partner: true } : undefined),
        handlers: {
          ...notWrittenYet(),
          applyCode: ({ body }) => {
            const code = codes.find((known) => known.code === body.code);
            if (!code || (spent.has(code.code) && defect !== "code-redeemable-twice")) return invalidField("code", "The code is not valid.");
            if ((code.passphrase ?? undefined) !== body.passphrase) return invalidField("passphrase", "The passphrase does not match the code.");
            spent.add(code.code);
            if (defect !== "balance-not-credited") balances[code.ticker] = new Big(balances[code.ticker] ?? "0").plus(code.amount).toFixed();
            return { message: "Code was successfully applied", ticker: code.ticker, amount: code.amount, external_id: "2f0c9a4e-7b1d-4c3e-9a5f-6b7c8d9e0f1a" };
          },
          refundDeposit: ({ body }) => ({ id: defect === "refund-of-another-transaction" ? "00000000-0000-4000-8000-000000000000" : body.transaction_id }),
          getInvestmentsHistory: ({ body }) => {
            // Paging defects: every page from the start, or each next page one record short (it repeats the last one).
            const from = defect === "page-repeats-records" ? 0 : defect === "page-one-short" ? Math.max(0, body.offset - 1) : body.offset;
            const records = partner.investments.filter((investment) => body.id === undefined || investment.id === body.id);
            return { offset: body.offset, limit: body.limit, records: records.slice(from, from + body.limit) };
          },
          getInterestPaymentsHistory: ({ body }) => {
            const records = partner.interestPayments.filter((payment) => body.planId === undefined || payment.planId === body.planId);
            return { offset: body.offset, limit: body.limit, records: records.slice(body.offset, body.offset + body.limit) };
          },
          getMainBalance: ({ body }) => Object.fromEntries(Object.entries(balances).filter(([ticker]) => body.ticker === undefined || ticker === body.ticker).map(([ticker, amount]) => [ticker, { main_balance: amount }])),
        },
      });
      server = createServer(api.listener);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    /** A code of its own for each planted defect and runner: the server remembers the codes it spent. */
    const codeFor = (planted: Defect, runner: "respect" | "tester") => codes[DEFECTS.indexOf(planted) * 2 + (runner === "tester" ? 1 : 0)]!.code;
    const runAgainst = async (planted: Defect) => {
      defect = planted;
      return outcomeOf(await runWorkflows(path.join(generatedDir, "workflows.arazzo.json"), { baseUrl, apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret, inputs: { ...inputs, code: codeFor(planted, "respect") } }));
    };
    /** The contract tester's sequences check, the workflows it ran and how each ended ("failed at <step>: <problem>"). */
    const testerAgainst = async (planted: Defect) => {
      defect = planted;
      const result = await runContractTest({
        baseUrl, apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret, checks: ["sequences"], includeMutations: true,
        operations: ["applyCode", "getMainBalance", "refundDeposit", "getInvestmentsHistory", "getInterestPaymentsHistory"],
        fixtures: { applyCode: { code: codeFor(planted, "tester") }, refundDeposit: { transaction_id: inputs.uniqueId, address: inputs.address } },
      });
      expect(result.runProblems).toEqual([]);
      return Object.fromEntries(result.results.map((r) => [r.workflowId, r.passed ? "passed" : `failed at ${/^(\w+): /.exec(r.failures[0]!.message.split("; ")[1]!)?.[1]}`]));
    };
    const allPassed = () => Object.fromEntries(workflowIds.map((id) => [id, "passed"]));

    it("passes every workflow when nothing is planted, through Respect and through the tester: the defects below are the only cause", async () => {
      expect(await runAgainst("none")).toEqual(allPassed());
      expect(await testerAgainst("none")).toEqual(allPassed());
    });

    it.each([
      ["code-redeemable-twice", "redeemCodeOnce", "redeemAgain"],
      ["refund-of-another-transaction", "refundCancelledDeposit", "refund"],
      ["page-repeats-records", "readInvestmentsByPages", "nextPage"],
      ["page-one-short", "readInvestmentsByPages", "nextPage"],
    ] as const)("%s breaks %s at step %s, and no other workflow, through Respect and through the tester", async (planted, workflowId, stepId) => {
      expect(await runAgainst(planted)).toEqual({ ...allPassed(), [workflowId]: `failed at ${stepId}` });
      expect(await testerAgainst(planted)).toEqual({ ...allPassed(), [workflowId]: `failed at ${stepId}` });
    });

    /**
     * A client's traffic through the proxy that walks every workflow the proxy can see: a code
     * applied twice, two pages in a row, an investment's plan then its payments then the investment
     * a payment names, a refund. The workflow violations found, as "workflowId.stepId".
     */
    const proxyAgainst = async (planted: Defect) => {
      defect = planted;
      const proxy = await startProxy({ upstream: baseUrl, credentials: [{ apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret }] });
      try {
        const client = createClient({ baseUrl: proxy.url, apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret });
        const code = codes.at(-1 - DEFECTS.indexOf(planted))!.code;
        await client.applyCode({ code });
        await client.applyCode({ code }).catch(() => undefined);
        await client.getInvestmentsHistory({ offset: 0, limit: 2 });
        await client.getInvestmentsHistory({ offset: 2, limit: 2 });
        const planId = (await client.getInvestmentsHistory({ limit: 1 })).records[0]!.plan.id;
        const investmentId = (await client.getInterestPaymentsHistory({ planId })).records[0]!.investmentId;
        await client.getInvestmentsHistory({ id: investmentId });
        // The kit refuses to send an answer that breaks its tie to the request (a 500): whatever comes back, no chain holds a refund.
        await client.refundDeposit({ transaction_id: inputs.uniqueId, address: inputs.address }).catch(() => undefined);
        const ran = proxy.ran().filter((entry) => entry.check === "workflows").map((entry) => entry.operationId);
        return { ran, broken: proxy.violations().filter((v) => v.check === "workflows").map((v) => /step (\w+) of workflow (\w+)/.exec(v.message)!.slice(1).reverse().join(".")) };
      } finally {
        await proxy.close();
      }
    };

    it("the proxy follows the workflows in live traffic: nothing broken when nothing is planted", async () => {
      const { ran, broken } = await proxyAgainst("none");
      expect(broken).toEqual([]);
      // Steps recognised after the one that opened their chain: the code again, the next page, the payments and the investment named.
      expect(ran.sort()).toEqual(["applyCode", "getInterestPaymentsHistory", "getInvestmentsHistory"]);
    });

    it.each([
      ["code-redeemable-twice", ["redeemCodeOnce.redeemAgain"]],
      ["page-repeats-records", ["readInvestmentsByPages.nextPage"]],
      ["page-one-short", ["readInvestmentsByPages.nextPage"]],
      // One step: the proxy has no chain to break (no deposit.canceled event goes through it).
      ["refund-of-another-transaction", []],
    ] as const)("the proxy reports %s as the broken chain %j", async (planted, expected) => {
      expect((await proxyAgainst(planted)).broken).toEqual(expected);
    });

    it("a balance not credited by a redeemed code breaks redeemCodeOnce at balanceAfter through the tester, which holds x-txc-credited; Respect passes over it", async () => {
      expect(await runAgainst("balance-not-credited")).toEqual(allPassed());
      const result = await testerAgainst("balance-not-credited");
      expect(result).toEqual({ ...allPassed(), redeemCodeOnce: "failed at balanceAfter" });
    });
  });
});
