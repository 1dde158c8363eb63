// txc-api diff as a consumer runs it before upgrading: each kind of change to the contract, made to
// a copy of the real document, gets its verdict and exit code; and a foreign OpenAPI 3.0 document
// of the same API compares.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generatedDir, root, STUCK_MS } from "../helpers/project.js";

const cli = path.join(root, "dist", "bundle", "cli.js");
const dir = mkdtempSync(path.join(tmpdir(), "txc-diff-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const base = path.join(generatedDir, "openapi.json");
const document = () => JSON.parse(readFileSync(base, "utf8"));
const schemas = (d: any) => d.components.schemas;

function variant(name: string, change: (d: any) => void): string {
  const d = document();
  change(d);
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(d, null, 2));
  return file;
}

const diff = (...args: string[]) => spawnSync(process.execPath, [cli, "diff", ...args], { cwd: root, encoding: "utf8", timeout: STUCK_MS });
const json = (from: string, to: string) => {
  const result = diff(from, to, "--format", "json");
  return { status: result.status, report: JSON.parse(result.stdout), stderr: result.stderr };
};

const cases: [string, (d: any) => void, "breaking" | "compatible" | "text", RegExp][] = [
  ["a removed operation", (d) => delete d.paths["/api/v4/mining/payout-destination"], "breaking", /getMiningPayoutDestination .*removed/],
  ["a renamed request field", (d) => {
    const request = schemas(d).RefundDepositRequest;
    request.properties.transactionId = request.properties.transaction_id;
    delete request.properties.transaction_id;
    request.required = request.required.map((name: string) => (name === "transaction_id" ? "transactionId" : name));
  }, "breaking", /refundDeposit .*transactionId/],
  ["a new required request field", (d) => schemas(d).MainBalanceRequest.required.push("ticker"), "breaking", /getMainBalance .*ticker.*became required/],
  ["a narrower request bound", (d) => (schemas(d).PageLimit.maximum = 50), "breaking", /getInvestmentsHistory .*limit.*max was decreased/],
  ["a narrower request enum", (d) => (schemas(d).InvestmentStatus.enum = [1]), "breaking", /getInvestmentsHistory .*status/],
  ["a changed type", (d) => (schemas(d).RefundResult.properties.id = { type: "integer" }), "breaking", /refundDeposit .*id.*type/],
  ["a removed response field", (d) => delete schemas(d).CodeApplicationResult.properties.external_id, "breaking", /applyCode .*external_id/],
  ["a new value in a response enum", (d) => schemas(d).FixedPlanStatus.enum.push(5), "breaking", /enum value/],
  ["a new optional request field", (d) => (schemas(d).MainBalanceRequest.properties.currency = { type: "string" }), "compatible", /getMainBalance .*currency/],
  ["a new optional response field", (d) => (schemas(d).RefundResult.properties.note = { type: "string" }), "compatible", /refundDeposit .*note/],
  ["a new operation", (d) => {
    d.paths["/api/v4/main-account/balance-history"] = structuredClone(d.paths["/api/v4/main-account/balance"]);
    d.paths["/api/v4/main-account/balance-history"].post.operationId = "getBalanceHistory";
  }, "compatible", /getBalanceHistory .*endpoint added/],
  // The extensions the client, the kit and the tester act on: classed by what they do to a caller.
  ["an answer's tie to its request taken away", (d) => delete d.paths["/api/v4/main-account/refund-deposit"].post.responses["200"]["x-tied-to-request"], "breaking", /refundDeposit .*x-tied-to-request removed: a promise about the answer taken away/],
  ["an answer tied to its request", (d) => (d.paths["/api/v4/mining/payout-destination"].post.responses["200"]["x-tied-to-request"] = [{ onlyKey: "accountName" }]), "compatible", /getMiningPayoutDestination .*x-tied-to-request added: a promise about the answer added/],
  ["a once-only rule taken away", (d) => delete d.paths["/api/v4/main-account/codes/apply"].post["x-once-per"], "breaking", /applyCode .*x-once-per removed/],
  ["a read-only operation that starts to change state", (d) => (d.paths["/api/v4/main-account/balance"].post["x-state-changing"] = true), "breaking", /getMainBalance .*x-state-changing added: the operation now changes state/],
  ["a lower rate limit", (d) => (d.paths["/api/v4/main-account/codes/apply"].post["x-rate-limits"].limits[0].requests = 10), "breaking", /applyCode .*x-rate-limits changed: a limit is lower/],
  ["a higher rate limit", (d) => (d.paths["/api/v4/main-account/codes/apply"].post["x-rate-limits"].limits[0].requests *= 2), "compatible", /applyCode .*x-rate-limits changed: every limit allows at least what it did/],
  ["a text change", (d) => (d.info.description += "\n\nOne more sentence."), "text", /^info\.description description changed$/m],
  ["a changed summary", (d) => (d.paths["/api/v4/main-account/balance"].post.summary += " now"), "text", /^getMainBalance \(POST \/api\/v4\/main-account\/balance\) · summary summary changed$/m],
];

describe("txc-api diff", () => {
  it.each(cases)("classifies %s as %s, with its location, and exits accordingly", (name, change, kind, where) => {
    const { status, report } = json(base, variant(name.replaceAll(" ", "-"), change));
    expect(report.verdict).toBe(kind);
    expect(status).toBe(kind === "breaking" ? 1 : 0);
    const described = report.changes.filter((c: { kind: string }) => c.kind === kind).map((c: { location: string; text: string }) => `${c.location} ${c.text}`);
    expect(described.join("\n")).toMatch(where);
  });

  it("lists every change, breaking and text alike, each with where it is, in text, Markdown and JSON", () => {
    const both = variant("breaking-and-text", (d) => {
      delete schemas(d).CodeApplicationResult.properties.external_id;
      d.paths["/api/v4/main-account/balance"].post.description += " More.";
    });
    const text = diff(base, both);
    expect(text.status).toBe(1);
    expect(text.stdout).toMatch(/\(1 breaking, 0 compatible, 1 text\)/);
    expect(text.stdout).toMatch(/^  TEXT +getMainBalance \(POST \/api\/v4\/main-account\/balance\) · description: description changed$/m);
    const markdown = diff(base, both, "--format", "markdown").stdout;
    expect(markdown).toContain("#### Text only\n\n- `getMainBalance (POST /api/v4/main-account/balance) · description`: description changed");
    const { report } = json(base, both);
    expect(report.changes.filter((c: { kind: string }) => c.kind === "text")).toEqual([expect.objectContaining({ operation: "getMainBalance", location: "getMainBalance (POST /api/v4/main-account/balance) · description" })]);
  });

  it("finds nothing between a document and itself, and exits 0", () => {
    const result = diff(base, base);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("no change");
  });

  it("writes text, Markdown and JSON", () => {
    const head = variant("formats", (d) => schemas(d).MainBalanceRequest.required.push("ticker"));
    expect(diff(base, head).stdout).toMatch(/^.* -> .*: breaking: .*\n {2}BREAKING {3}getMainBalance \(POST \/api\/v4\/main-account\/balance\) · ticker: /);
    expect(diff(base, head, "--format", "markdown").stdout).toMatch(/^#### Breaking\n\n- `getMainBalance \(POST \/api\/v4\/main-account\/balance\) · ticker`: /);
    expect(json(base, head).report.changes[0]).toMatchObject({ kind: "breaking", operation: "getMainBalance", field: "ticker" });
  });

  it("reads git refs of this repository's document", () => {
    const result = diff("HEAD", base);
    expect([0, 1]).toContain(result.status);
    expect(result.stdout).toMatch(/^HEAD \(git\) -> /);
  });

  it("runs the help's examples for a clone of this repository (which has no tags) as printed", () => {
    const help = spawnSync(process.execPath, [cli, "diff", "--help"], { encoding: "utf8" }).stdout;
    const examples = help.split("\n").filter((line) => line.startsWith("  txc-api diff ")).slice(0, 2);
    expect(examples).toHaveLength(2);
    for (const example of examples) {
      const result = diff(...example.trim().split(/\s+/).slice(2));
      expect(result.stderr).toBe("");
      expect([0, 1], example).toContain(result.status);
      expect(result.stdout.trim(), example).not.toBe("");
    }
  });

  it.each([
    [["only-one.json"], /diff takes two documents/],
    [["no-such-file", base], /"no-such-file" is neither a document file nor a git ref/],
    [[base, base, "--format", "html"], /--format must be one of text, markdown, json/],
    [[base, path.join(root, "README.md")], /a document could not be compared/],
  ])("exits 2 with one line on %j", (args, message) => {
    const result = diff(...args);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });
});

describe("txc-api diff against the exchange's own OpenAPI 3.0 description", () => {
  it("reads it and names the drift: transactionId for transaction_id, an integer nonce", () => {
    const theirs = path.join(root, "test", "diff", "fixtures", "whitebit-main-api-v4.yaml");
    const { status, report } = json(base, theirs);
    expect(status).toBe(1);
    const breaking = report.changes.filter((c: { kind: string }) => c.kind === "breaking");
    expect(breaking).toContainEqual(expect.objectContaining({ operation: "refundDeposit", field: "transactionId" }));
    expect(breaking).toContainEqual(expect.objectContaining({ operation: "getMainBalance", field: "nonce", text: expect.stringContaining("integer") }));
  });
});
