// One set of answer oracles for the contract tester and the proxy (src/validation/answer-oracles.ts):
// each planted answer below is found by the tester's verdict on its own case and by the proxy on
// the same exchange as live traffic, in the same words, and every oracle is one of the proxy's checks.
import { describe, expect, it } from "vitest";
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { ANSWER_ORACLES, type AnswerOracle } from "../../src/validation/answer-oracles.js";
import { readJson } from "../../src/validation/answer-conformance.js";
import { judge } from "../../src/contract/verdict.js";
import { judgeTied } from "../../src/contract/checks/tied-answers.js";
import type { Case, Observation } from "../../src/contract/case.js";
import { judgeExchange, ProxyState } from "../../src/proxy/checks.js";
import { PROXY_CHECKS } from "../../src/proxy/check-names.js";
import { signRequest } from "../../src/signing/sign.js";

type Planted = { oracle: AnswerOracle["name"]; operationId: OperationId; fields: Record<string, unknown>; status: number; body: unknown; cacheControl?: string; says: string };

const PLANTED: Planted[] = [
  { oracle: "status", operationId: "getMainBalance", fields: {}, status: 418, body: {}, says: "status 418 is not documented for getMainBalance" },
  { oracle: "answer", operationId: "getMainBalance", fields: {}, status: 200, body: { BTC: { main_balance: 0.5 } }, says: "main_balance" },
  { oracle: "answer", operationId: "getMainBalance", fields: {}, status: 200, body: { BTC: { main_balance: "0.5" } }, cacheControl: "public, max-age=60", says: "a private answer is cacheable" },
  { oracle: "tied-answers", operationId: "refundDeposit", fields: { transaction_id: "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34", address: "TAddress" }, status: 200, body: { id: "00000000-0000-4000-8000-000000000000" }, says: "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34" },
  { oracle: "error-keys", operationId: "refundDeposit", fields: { transaction_id: "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34", address: "TAddress" }, status: 400, body: { code: 0, message: "Validation failed", errors: { transactionId: ["unknown"] } }, says: "the server asks for transactionId; the document has transaction_id" },
  { oracle: "decided-values", operationId: "getInvestmentsHistory", fields: { limit: 100 }, status: 400, body: { code: 0, message: "Validation failed", errors: { limit: ["too large"] } }, says: "the valid limit 100 was refused (errors keyed limit)" },
];

const observation = ({ status, body, cacheControl = "no-store" }: Planted): Observation => {
  const text = JSON.stringify(body);
  return { url: "http://127.0.0.1:1/", status, contentType: "application/json", cacheControl, text, json: readJson(text, true), diagnostics: {} };
};

/** The tester's own verdict on a valid case answered so: its check's, and tied-answers' on a 200. */
function testerSays(planted: Planted): string[] {
  const { method, path } = operationIndex[planted.operationId];
  const testCase: Case = { operationId: planted.operationId, check: "positive", name: "planted", method, path, fields: planted.fields, expect: { kind: "accepted" } };
  const observed = observation(planted);
  return [judge(testCase, observed), judgeTied(testCase, observed)].flatMap((result) => result?.problems.map((problem) => problem.message) ?? []);
}

/** The proxy's verdict on the same exchange as live traffic, by check. */
async function proxySays(planted: Planted): Promise<{ check: string; message: string }[]> {
  const { method, path } = operationIndex[planted.operationId];
  const signed = signRequest({ path, body: planted.fields, apiKey: "planted-key", apiSecret: "planted-secret", nonce: Date.now() });
  const headers = Object.fromEntries(Object.entries(signed.headers).map(([name, value]) => [name.toLowerCase(), value]));
  const answerHeaders = { "content-type": "application/json", "cache-control": planted.cacheControl ?? "no-store" };
  const judged = await judgeExchange({ method, path, headers, body: Buffer.from(signed.body), answer: { status: planted.status, contentType: "application/json", body: Buffer.from(JSON.stringify(planted.body)), headers: answerHeaders } }, new ProxyState());
  return judged.findings;
}

describe("the answer oracles", () => {
  it("are every one a check of the proxy's, by its name", () => {
    for (const oracle of ANSWER_ORACLES) expect(PROXY_CHECKS).toContain(oracle.name);
  });

  it("cover every oracle with a planted answer below", () => {
    expect(new Set(PLANTED.map((planted) => planted.oracle))).toEqual(new Set(ANSWER_ORACLES.map((oracle) => oracle.name)));
  });

  it.each(PLANTED.map((planted) => [`${planted.oracle}: ${planted.says}`, planted] as const))("%s: found by the tester and by the proxy, in the same words", async (_name, planted) => {
    const tester = testerSays(planted).filter((message) => message.includes(planted.says));
    expect(tester, testerSays(planted).join("\n")).toHaveLength(1);
    const proxy = await proxySays(planted);
    expect(proxy.filter((finding) => finding.check === planted.oracle && finding.message === tester[0])).toHaveLength(1);
  });
});
