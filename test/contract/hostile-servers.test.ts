// txc-api contract-test against servers nobody here wrote the checks for: each must get the right
// exit code, and the sandbox must still pass.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, describe, expect, it } from "vitest";
import { signRequest, timeNonce } from "../../src/index.js";
import { runContractTest } from "../../src/contract-entry.js";
import { demoKeys } from "../../src/sandbox/dataset.js";
import { startBrokenServer } from "../helpers/broken-servers.js";
import { endlessBody, kernelBufferedBytes, startHostile } from "../helpers/hostile-server.js";
import { contractTest } from "../helpers/contract-test-cli.js";
import { sendSigned, startSandbox } from "../helpers/sandbox.js";

const dir = mkdtempSync(path.join(tmpdir(), "txc-contract-hostile-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));


const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
};
const isPing = (url: string | undefined) => url === "/api/v4/public/ping";
const ESC = "\u001b";

describe("contract-test fails what it should", () => {
  it("a server built from the exchange's drifting description (transactionId): exit 1, the drift named", async () => {
    const server = await startBrokenServer({
      name: "refuses every refund", operationId: "refundDeposit", check: "positive",
      answerInstead: (r) => r.path.endsWith("/refund-deposit") && r.json?.transaction_id
        ? { status: 400, contentType: "application/json", body: JSON.stringify({ code: 0, message: "Validation failed", errors: { transactionId: ["The transaction id field is required."] } }) }
        : undefined,
    });
    try {
      const run = await contractTest(["--base-url", server.baseUrl, "--include-mutations", "--operation", "refundDeposit"]);
      expect(run.code, run.stdout).toBe(1);
      expect(run.stdout).toContain("the server asks for transactionId; the document has transaction_id");
      expect(run.stdout).toContain("refundDeposit never answered 2xx in this run");
    } finally {
      await server.close();
    }
  });

  it("a server that refuses every valid request with 400 keyed by real fields: exit 1", async () => {
    const server = await startBrokenServer({
      name: "refuses everything", operationId: "getMainBalance", check: "positive",
      answerInstead: (r) => r.path.endsWith("/balance")
        ? { status: 400, contentType: "application/json", body: JSON.stringify({ code: 0, message: "Validation failed", errors: { ticker: ["no"] } }) }
        : undefined,
    });
    try {
      const run = await contractTest(["--base-url", server.baseUrl, "--operation", "getMainBalance"]);
      expect(run.code, run.stdout).toBe(1);
      expect(run.stdout).toMatch(/✗ getMainBalance · positive · documented example .*\n.*\n.*\n  server:   message "Validation failed"(; errors [^\n]*)?\n  - a valid request was refused with 400/);
      expect(run.stdout).toContain("getMainBalance never answered 2xx in this run");
    } finally {
      await server.close();
    }
  });

  it("a server that accepts the connection and closes it: exit 2 with a message, every run, at the start or later", async () => {
    // The first signed request of each run (the start's) is answered; the ones after it are cut.
    let answerNext = true;
    const server = await startHostile((request, response) => {
      if (isPing(request.url)) return json(response, 200, ["pong"]);
      if (answerNext) return (answerNext = false), json(response, 200, {});
      request.socket.destroy();
    });
    try {
      for (let i = 0; i < 3; i++) {
        answerNext = i < 2;
        const run = await contractTest(["--base-url", server.baseUrl, "--operation", "getMainBalance"]);
        expect(run.code).toBe(2);
        expect(run.stderr).toMatch(i < 2 ? /the server stopped answering, so the run is incomplete: POST .*: the server closed the connection without answering/ : /cannot reach the server: POST .*balance: the server closed the connection without answering/);
      }
    } finally {
      await server.close();
    }
  });

  it("a server that never answers: exit 2 after --timeout", async () => {
    const server = await startHostile((request, response) => (isPing(request.url) ? json(response, 200, ["pong"]) : undefined));
    try {
      const run = await contractTest(["--base-url", server.baseUrl, "--timeout", "300"]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("no whole answer within 300 ms");
    } finally {
      await server.close();
    }
  });

  it("a server that answers with endless bodies: each case fails at the size cap, and the run ends", async () => {
    const server = await startHostile((request, response, write) => (isPing(request.url) ? json(response, 200, ["pong"]) : endlessBody(response, write)));
    try {
      const run = await contractTest(["--base-url", server.baseUrl, "--operation", "getMainBalance", "--checks", "positive", "--examples-per-operation", "2"]);
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(run.stdout).toContain("got:      200, the answer not read");
      expect(run.stdout).toContain("the answer is larger than maxResponseBytes (8388608 bytes); the connection was closed");
      const answered = server.received.length - 1; // all but the ping
      expect(answered).toBeGreaterThan(0);
      // Each answer was cut at the cap: per request, the server wrote at most the 8 MiB the tester
      // read, a chunk, and what the kernel's socket buffers held when the connection was closed.
      expect(server.bytesWritten()).toBeLessThanOrEqual(answered * (8 * 1024 * 1024 + 64 * 1024 + kernelBufferedBytes()));
    } finally {
      await server.close();
    }
  });

  it("a server that redirects to another origin: exit 1, and nothing reaches the other origin", async () => {
    const other = await startHostile((_, response) => json(response, 200, {}), "127.0.0.2");
    const server = await startHostile((request, response) => {
      if (isPing(request.url)) return json(response, 200, ["pong"]);
      response.writeHead(307, { Location: `${other.baseUrl}${request.url}` });
      response.end();
    });
    try {
      const run = await contractTest(["--base-url", server.baseUrl, "--operation", "getMainBalance"]);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(`redirecting to ${other.baseUrl}; redirects are never followed`);
      expect(other.received).toEqual([]);
    } finally {
      await Promise.all([server.close(), other.close()]);
    }
  });

  it("a server that answers 429 to everything: exit 1, no 429 counted as a pass", async () => {
    // Retry-After: 0 asks for no quiet time, so that the waiting fits the run's --max-wait 1.
    const server = await startHostile((request, response) => {
      if (isPing(request.url)) return json(response, 200, ["pong"]);
      response.setHeader("Retry-After", "0");
      json(response, 429, { code: 429, message: "Too many requests", errors: {} });
    });
    try {
      const ndjson = path.join(dir, "flood.ndjson");
      const run = await contractTest(["--base-url", server.baseUrl, "--operation", "getMainBalance", "--max-wait", "1", "--json", ndjson]);
      expect(run.code).toBe(1);
      const results = readFileSync(ndjson, "utf8").trim().split("\n").map((line) => JSON.parse(line)).filter((r) => r.check);
      const passedWith429 = results.filter((r) => r.status === 429 && r.passed && r.check !== "auth-headers" && r.check !== "auth-signature");
      expect(passedWith429).toEqual([]);
      expect(run.stdout).toMatch(/answers were 429 and were waited out/);
    } finally {
      await server.close();
    }
  });

  it("a server that prints control bytes: the terminal and JUnit get them escaped, and JUnit parses with consistent totals", async () => {
    const evil = `${ESC}]0;owned\u0007${ESC}[2K\r227 passed, 0 failed\u0000`;
    const server = await startBrokenServer({
      name: "control bytes", operationId: "getMainBalance", check: "positive",
      answerInstead: (r) => r.path.endsWith("/balance")
        ? { status: 400, contentType: "application/json", body: JSON.stringify({ code: 0, message: evil, errors: { [evil]: [evil] } }) }
        : undefined,
    });
    try {
      const junit = path.join(dir, "evil.xml");
      const run = await contractTest(["--base-url", server.baseUrl, "--junit", junit]);
      expect(run.code).toBe(1);
      expect(run.stdout + run.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
      expect(run.stdout).not.toMatch(/^227 passed, 0 failed/m);
      const xml = readFileSync(junit, "utf8");
      expect(XMLValidator.validate(xml)).toBe(true);
      const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml).testsuites;
      const suites = [parsed.testsuite].flat();
      const sum = (key: string) => suites.reduce((total: number, suite: any) => total + Number(suite[key]), 0);
      expect(Number(parsed.tests)).toBe(sum("tests"));
      expect(Number(parsed.failures)).toBe(sum("failures"));
      expect(Number(parsed.skipped)).toBe(sum("skipped"));
      const cases = suites.flatMap((suite: any) => [suite.testcase].flat());
      expect(cases.every((c: any) => /^\d+\.\d{3}$/.test(c.time))).toBe(true);
    } finally {
      await server.close();
    }
  });

  it("an ordinary key where partner-only operations are tested: exit 2 at the start, said in one plain line", async () => {
    const sandbox = await startSandbox();
    try {
      const run = await contractTest(["--base-url", sandbox.baseUrl, "--operation", "getInvestmentsHistory"], demoKeys.basic);
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).toContain("TXC_API_KEY is not a business-partner key (403 to POST /api/v4/main-account/smart/investments");
    } finally {
      await sandbox.stop();
    }
  });
});

const basicIdentity = { TXC_API_KEY_BASIC: demoKeys.basic.key, TXC_API_SECRET_BASIC: demoKeys.basic.secret };
const ndjsonOf = (file: string) => readFileSync(file, "utf8").trim().split("\n").map((line) => JSON.parse(line)).filter((r) => r.check);
const privateError = (message: string) => JSON.stringify({ code: 0, message, errors: {} });

describe("contract-test checks what the description states", () => {
  it("a server that serves the partner-only histories to an ordinary account: exit 1 on the partner-only check", async () => {
    const server = await startBrokenServer({
      name: "forgets the partner rule", operationId: "getInvestmentsHistory", check: "partner-only",
      changeAnswer: (_r, a) => (a.status === 403 ? { status: 200, contentType: "application/json", body: JSON.stringify({ offset: 0, limit: 100, records: [] }) } : a),
    });
    try {
      const run = await contractTest(["--base-url", server.baseUrl, "--checks", "partner-only"], demoKeys.partner, basicIdentity);
      expect(run.code, run.stdout).toBe(1);
      expect(run.stdout).toMatch(/✗ getInvestmentsHistory · partner-only · an ordinary account is refused/);
      expect(run.stdout).toMatch(/✗ getInterestPaymentsHistory · partner-only/);
    } finally {
      await server.close();
    }
  });

  it("a server that takes a body that is not JSON, or an undocumented method: exit 1 on the protocol check", async () => {
    const server = await startBrokenServer({
      name: "lenient parser", operationId: "getMainBalance", check: "protocol",
      answerInstead: (r) =>
        r.path.endsWith("/main-account/balance") && (r.json === undefined || r.method !== "POST")
          ? { status: 200, contentType: "application/json", body: "{}" }
          : undefined,
    });
    try {
      const run = await contractTest(["--base-url", server.baseUrl, "--operation", "getMainBalance", "--checks", "protocol"]);
      expect(run.code, run.stdout).toBe(1);
      expect(run.stdout).toContain("✗ getMainBalance · protocol · a signed body that is not JSON");
      expect(run.stdout).toContain("✗ getMainBalance · protocol · GET instead of POST");
    } finally {
      await server.close();
    }
  });

  it("a server that credits a code twice: exit 1 on redeemCodeOnce at its step redeemAgain; the refund workflow passes", async () => {
    const server = await startBrokenServer({
      name: "forgets what was done", operationId: "applyCode", check: "sequences",
      changeAnswer: (r, a) => {
        if (a.status !== 400) return a;
        if (r.path.endsWith("/codes/apply")) return { status: 200, contentType: "application/json", body: JSON.stringify({ message: "Code was successfully applied", ticker: "USDT", amount: "25", external_id: "5d1c0b7a-3e2f-4a9b-8c7d-6e5f4a3b2c1d" }) };
        return a;
      },
    });
    try {
      const file = path.join(dir, "sequences.ndjson");
      const run = await contractTest(["--base-url", server.baseUrl, "--include-mutations", "--operation", "applyCode", "--operation", "refundDeposit", "--operation", "getMainBalance", "--checks", "sequences", "--json", file]);
      expect(run.code, run.stdout).toBe(1);
      const sequences = ndjsonOf(file).filter((r) => r.check === "sequences");
      expect(sequences.map((r) => [r.workflowId, r.passed])).toEqual([["refundCancelledDeposit", true], ["redeemCodeOnce", false]]);
      expect(sequences[1].problems).toEqual([{ kind: "sequence", message: "redeemAgain: $statusCode >= 400 && $statusCode < 500 && $statusCode != 429 does not hold ($statusCode is 200)" }]);
      expect(sequences[1].actual).toBe("balanceBefore: 200; redeem: 200; balanceAfter: 200; redeemAgain: 200");
      // As docs/workflows.md shows it.
      expect(run.stdout).toContain("✗ applyCode · sequences · redeemCodeOnce: A value code redeemed into the balance, then spent\n");
      expect(run.stdout).toContain("  - redeemAgain: $statusCode >= 400 && $statusCode < 500 && $statusCode != 429 does not hold ($statusCode is 200)\n");
    } finally {
      await server.close();
    }
  });

  it("a server that credits the wrong amount: exit 1, the arithmetic shown", async () => {
    const server = await startBrokenServer({
      name: "credits too little", operationId: "applyCode", check: "sequences",
      changeAnswer: (r, a) => (r.path.endsWith("/codes/apply") && a.status === 200 ? { ...a, body: a.body.replace('"amount":"25"', '"amount":"26"') } : a),
    });
    try {
      const run = await contractTest(["--base-url", server.baseUrl, "--include-mutations", "--operation", "applyCode", "--operation", "getMainBalance", "--checks", "sequences"]);
      expect(run.code, run.stdout).toBe(1);
      expect(run.stdout).toMatch(/the USDT balance is [\d.]+, not [\d.]+ \+ 26 = [\d.]+/);
    } finally {
      await server.close();
    }
  });

  it("shrinks a failing generated request to the smallest that still fails", async () => {
    const server = await startBrokenServer({
      name: "500 whenever limit is sent", operationId: "getInvestmentsHistory", check: "positive",
      answerInstead: (r) => (r.path.endsWith("/smart/investments") && r.json?.limit !== undefined ? { status: 500, contentType: "application/json", body: privateError("boom") } : undefined),
    });
    try {
      const file = path.join(dir, "shrunk.ndjson");
      const run = await contractTest(["--base-url", server.baseUrl, "--operation", "getInvestmentsHistory", "--checks", "positive", "--examples-per-operation", "30", "--json", file]);
      expect(run.code, run.stdout).toBe(1);
      const shrunk = ndjsonOf(file).filter((r) => / shrunk from \d+ fields? to 1 in \d+ (try|tries)$/.test(r.name));
      expect(shrunk.length).toBeGreaterThan(0);
      for (const result of shrunk) {
        // The reproduction's body: request and nonce, then the fields, which are limit 1 alone.
        const body = /^BODY=(.*)$/m.exec(result.curl)![1];
        expect(body).toMatch(/"limit":1\}'$/);
        expect(body).not.toMatch(/offset|ticker|status|"id"/);
      }
    } finally {
      await server.close();
    }
  });
});

describe("contract-test accepts what the description leaves open", () => {
  it("a page that names a field twice (still JSON; the description is silent) passes: exit 0", async () => {
    const server = await startBrokenServer({
      name: "a field twice", operationId: "getFundingHistory", check: "positive",
      changeAnswer: (r, a) => (r.path.endsWith("/funding-history") && a.status === 200 ? { ...a, body: a.body.replace('"limit":', '"limit":1,"limit":') } : a),
    });
    try {
      // The server does send the field twice.
      const funding = "/api/v4/collateral-account/funding-history";
      const signed = signRequest({ path: funding, body: {}, apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret, nonce: timeNonce(demoKeys.partner.key) });
      expect(await (await fetch(server.baseUrl + funding, { method: "POST", headers: signed.headers, body: signed.body })).text()).toContain('"limit":1,"limit":');
      const run = await contractTest(["--base-url", server.baseUrl, "--operation", "getFundingHistory", "--checks", "positive"]);
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toMatch(/\n[1-9]\d* passed, 0 failed/);
    } finally {
      await server.close();
    }
  });
});

describe("contract-test run limits and fixtures", () => {
  it("--max-failures stops the run after that many failures: exit 1", async () => {
    const server = await startBrokenServer({
      name: "refuses everything", operationId: "getMainBalance", check: "positive",
      answerInstead: (r) => (r.path.endsWith("/balance") ? { status: 400, contentType: "application/json", body: privateError("no") } : undefined),
    });
    try {
      const file = path.join(dir, "max-failures.ndjson");
      const run = await contractTest(["--base-url", server.baseUrl, "--operation", "getMainBalance", "--max-failures", "2", "--json", file]);
      expect(run.code, run.stdout).toBe(1);
      expect(run.stdout).toMatch(/✗ run: stopped after 2 failed checks \(--max-failures 2\): \d+ of \d+ planned checks did not run/);
      expect(ndjsonOf(file).filter((r) => !r.passed && !r.skipped)).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it("the library's maxFailures stops the run as --max-failures does", async () => {
    const server = await startBrokenServer({
      name: "refuses everything", operationId: "getMainBalance", check: "positive",
      answerInstead: (r) => (r.path.endsWith("/balance") ? { status: 400, contentType: "application/json", body: privateError("no") } : undefined),
    });
    try {
      const result = await runContractTest({ baseUrl: server.baseUrl, apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret, operations: ["getMainBalance"], maxFailures: 2 });
      expect(result.exitStatus).toBe(1);
      expect(result.failed).toBe(2);
      expect(result.runProblems[0]).toMatch(/^stopped after 2 failed checks \(maxFailures 2\): \d+ of \d+ planned checks did not run$/);
    } finally {
      await server.close();
    }
  });

  it("the library's maxTimeMs ends a slow run at its deadline, in the library's words", async () => {
    const server = await startHostile((request, response) => {
      if (isPing(request.url)) return json(response, 200, ["pong"]);
      request.resume();
      setTimeout(() => json(response, 200, {}), 400);
    });
    try {
      const result = await runContractTest({ baseUrl: server.baseUrl, apiKey: demoKeys.partner.key, apiSecret: demoKeys.partner.secret, operations: ["getMainBalance"], maxTimeMs: 1000 });
      expect(result.exitStatus).toBe(1);
      expect(result.runProblems[0]).toMatch(/^stopped at maxTimeMs \(1000 ms\): \d+ of \d+ planned checks did not run$/);
    } finally {
      await server.close();
    }
  });

  it("--max-time ends a slow run at its deadline: exit 1, what did not run said", async () => {
    // From the run's first request to the command's exit: the process's own start is not counted.
    let firstRequestAt = 0;
    const server = await startHostile((request, response) => {
      firstRequestAt ||= Date.now();
      if (isPing(request.url)) return json(response, 200, ["pong"]);
      request.resume();
      setTimeout(() => json(response, 200, {}), 400);
    });
    try {
      const run = await contractTest(["--base-url", server.baseUrl, "--operation", "getMainBalance", "--max-time", "1"]);
      expect(run.code, run.stdout).toBe(1);
      expect(run.stdout).toMatch(/✗ run: stopped at --max-time \(1 s\): \d+ of \d+ planned checks did not run/);
      expect(Date.now() - firstRequestAt).toBeLessThan(10_000);
    } finally {
      await server.close();
    }
  });

  it("--fixtures: the sequences use the real values given, and pass against the sandbox", async () => {
    const sandbox = await startSandbox();
    try {
      const fixtures = path.join(dir, "fixtures.json");
      writeFileSync(fixtures, JSON.stringify({
        applyCode: { code: "TXC-ETH-9P4L2K7J5H3G" },
        refundDeposit: { transaction_id: "7c2e9a41-5b3d-4f6e-8a1c-0d9e8f7a6b5c", address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" },
      }));
      const run = await contractTest(["--base-url", sandbox.baseUrl, "--include-mutations", "--fixtures", fixtures, "--operation", "applyCode", "--operation", "refundDeposit", "--operation", "getMainBalance"]);
      expect(run.code, run.stdout).toBe(0);
      const again = await sendSigned(sandbox, "/api/v4/main-account/codes/apply", { code: "TXC-ETH-9P4L2K7J5H3G" });
      expect(again.body.errors.code).toEqual(["The code has already been applied."]);
    } finally {
      await sandbox.stop();
    }
  });

  it("--fixtures that break the request schema: exit 2 naming the operation and field, before any request", async () => {
    const fixtures = path.join(dir, "bad-fixtures.json");
    writeFileSync(fixtures, JSON.stringify({ refundDeposit: { transaction_id: 5, address: "secret-looking-value" } }));
    const run = await contractTest(["--base-url", "http://127.0.0.1:9", "--fixtures", fixtures]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--fixtures .*bad-fixtures\.json: refundDeposit: transaction_id /);
    expect(run.stderr).not.toContain("secret-looking-value");
  });
});

describe("contract-test reports and base URLs", () => {
  it("passes the sandbox behind a path prefix, writing NDJSON to stdout with --json -", async () => {
    const sandbox = await startSandbox();
    const gateway = await startHostile(async (request, response) => {
      if (!request.url?.startsWith("/gateway/")) return json(response, 404, {});
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([n]) => n.startsWith("x-txc-") || n === "content-type")) as Record<string, string>;
      const answer = await fetch(sandbox.baseUrl + request.url.slice("/gateway".length), {
        method: request.method, headers, body: request.method === "GET" ? undefined : Buffer.concat(chunks),
      });
      response.writeHead(answer.status, { "Content-Type": answer.headers.get("content-type") ?? "" });
      response.end(await answer.text());
    });
    try {
      const run = await contractTest(["--base-url", `${gateway.baseUrl}/gateway/`, "--operation", "getMainBalance", "--json", "-"]);
      expect(run.code, run.stderr).toBe(0);
      const lines = run.stdout.trim().split("\n").map((line) => JSON.parse(line));
      expect(lines.length).toBeGreaterThan(10);
      expect(lines.filter((line) => !line.skipped && !line.summary).every((line) => line.passed)).toBe(true);
      expect(run.stderr).toMatch(/ 0 failed; /);
    } finally {
      await gateway.close();
      await sandbox.stop();
    }
  });

  it.each([
    [["--junit", "/nonexistent-dir/report.xml"], /cannot write the report file \/nonexistent-dir\/report.xml: ENOENT/],
    [[], /could not test: nothing answered like this API: GET \/api\/v4\/public\/ping 404; POST \/api\/v4\/main-account\/\S+ 404;.* Check --base-url/],
  ])("exits 2 before the run on %j", async (extra, message) => {
    const server = await startHostile((request, response) => json(response, isPing(request.url) && extra.length ? 200 : 404, isPing(request.url) && extra.length ? ["pong"] : {}));
    try {
      const run = await contractTest(["--base-url", server.baseUrl, ...extra]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).not.toContain("    at ");
    } finally {
      await server.close();
    }
  });
});
