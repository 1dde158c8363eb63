// The one reading of an answer against the document, shared by the client (readAnswer) and the
// tester (its verdict): the same answer gives the same problems in both. A field named twice is the
// client's own refusal, not the document's, so the tester does not fail a server for it.
import { describe, expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import { validators } from "../../generated/validators.js";
import { conformanceProblems, readJson } from "../../src/validation/answer-conformance.js";
import { readAnswer } from "../../src/client/read-answer.js";
import { judge } from "../../src/contract/verdict.js";
import type { Case } from "../../src/contract/case.js";
import { ContractViolationError } from "../../src/errors/index.js";
import { observed } from "../helpers/observation.js";

const balance = validators.getMainBalance;
const read = (status: number, text: string, contentType = "application/json", utf8 = true) =>
  conformanceProblems("getMainBalance", balance, { status, contentType, json: readJson(text, utf8) });
const kinds = (status: number, text: string, contentType?: string, utf8?: boolean) => read(status, text, contentType, utf8).map((p) => p.kind);

describe("readJson", () => {
  it("parses JSON, and says why when the bytes are not UTF-8 or the text is not JSON", () => {
    expect(readJson('{"a":1}', true)).toEqual({ ok: true, value: { a: 1 } });
    expect(readJson('{"a":1}', false)).toEqual({ ok: false, why: "the body is not valid UTF-8, so it is not JSON" });
    expect(readJson("<h1>", true)).toEqual({ ok: false, why: "the body is not JSON" });
  });
});

describe("conformanceProblems", () => {
  it("finds nothing in a valid 200 and in a documented 400 of the private error shape", () => {
    expect(read(200, JSON.stringify({ BTC: { main_balance: "1" } }))).toEqual([]);
    expect(read(400, JSON.stringify({ code: 0, message: "Validation failed", errors: { ticker: ["The ticker is invalid."] } }))).toEqual([]);
  });

  it("names an undocumented status with the documented ones, and reads no further", () => {
    const [problem, ...rest] = read(302, "<html>", "text/html");
    expect(rest).toEqual([]);
    expect(problem).toEqual({ kind: "undocumented-status", issue: { field: "(response)", rule: "contract", message: "status 302 is not documented for getMainBalance (documented: 200, 400, 401, 403, 404, 429, 500)" } });
  });

  it("keeps every problem it finds, in order: Content-Type, then the body", () => {
    expect(kinds(200, "{}", "text/plain")).toEqual(["content-type"]);
    expect(kinds(200, "nope", "text/plain")).toEqual(["content-type", "not-json"]);
    expect(kinds(200, '{"BTC":{"main_balance":"1"}}', "application/json", false)).toEqual(["not-json"]);
    // A field twice is still JSON (RFC 8259 leaves repeated names to the reader), and the document is silent.
    expect(kinds(200, '{"BTC":{"main_balance":"1","main_balance":"2"}}')).toEqual([]);
    expect(kinds(200, '{"BTC":{"main_balance":1}}')).toEqual(["schema"]);
  });

  it("stops after JSON when schemas are not read (the client's validateResponses: false)", () => {
    const text = '{"BTC":{"main_balance":1}}';
    expect(conformanceProblems("getMainBalance", balance, { status: 200, contentType: "application/json", json: readJson(text, true) }, false)).toEqual([]);
  });
});

describe("the client and the tester read an answer alike", () => {
  const positive: Case = { operationId: "getMainBalance", check: "positive", name: "example", method: "POST", path: operationIndex.getMainBalance.path, fields: { ticker: "BTC" }, expect: { kind: "accepted" }, realValues: "documented" };
  const answers: [string, string][] = [
    ["a number where the document has a decimal string", '{"BTC":{"main_balance":1}}'],
    ["no JSON", "<h1>hello</h1>"],
  ];
  for (const [what, text] of answers) {
    it(`${what}: the client's error and the tester's failure carry the same messages`, () => {
      const clientIssues = (() => {
        try {
          readAnswer("getMainBalance", { status: 200, headers: new Headers({ "Content-Type": "application/json" }), text, utf8: true }, { ticker: "BTC" }, balance, { validateResponses: true, nonceOrderKept: true });
        } catch (error) {
          if (error instanceof ContractViolationError) return error.issues.map((issue) => issue.message);
          throw error;
        }
        throw new Error("the client accepted the answer");
      })();
      const testerProblems = judge(positive, observed(200, text)).problems.map((p) => p.message);
      expect(clientIssues.length).toBeGreaterThan(0);
      for (const message of clientIssues) expect(testerProblems.some((said) => said.includes(message))).toBe(true);
    });
  }

  it("a field twice: the client refuses it (its own pick), the tester does not fail the server for it", () => {
    const text = '{"BTC":{"main_balance":"1","main_balance":"2"}}';
    const read = () => readAnswer("getMainBalance", { status: 200, headers: new Headers({ "Content-Type": "application/json" }), text, utf8: true }, { ticker: "BTC" }, balance, { validateResponses: true, nonceOrderKept: true });
    expect(read).toThrow('the body holds the field "main_balance" twice in one object');
    expect(judge(positive, observed(200, text))).toMatchObject({ passed: true, problems: [] });
  });
});
