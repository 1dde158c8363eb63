import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import path from "node:path";
import { builtInDataset } from "../../src/sandbox/dataset.js";
import { listenOnLoopback } from "./loopback.js";
import { createSandbox } from "../../src/sandbox/server.js";
import { generatedDir } from "./project.js";

type Answer = { status: number; contentType: string; body: string };
type Received = { method: string; path: string; headers: IncomingHttpHeaders; body: string; json: any };

/** One deliberate defect: answer a request itself, or change the sandbox's answer. */
export type Defect = {
  name: string;
  /** The operation and check expected to catch it. */
  operationId: string;
  check: string;
  /** What the report must say of it, where more than the operation and check is to be checked. */
  says?: string;
  /** More arguments for the contract-test run that meets it, such as --include-mutations. */
  args?: string[];
  answerInstead?: (request: Received) => Answer | undefined;
  changeAnswer?: (request: Received, answer: Answer) => Answer;
};

const json = (status: number, body: unknown): Answer => ({ status, contentType: "application/json", body: JSON.stringify(body) });
const editJson = (answer: Answer, edit: (body: any) => void): Answer => {
  const body = JSON.parse(answer.body);
  edit(body);
  return { ...answer, body: JSON.stringify(body) };
};

export const defects: Defect[] = [
  {
    name: "a field of the wrong type", operationId: "getInvestmentsHistory", check: "positive",
    changeAnswer: (r, a) => (r.path.endsWith("/smart/investments") && a.status === 200 ? editJson(a, (b) => b.records.forEach((i: any) => (i.status = String(i.status)))) : a),
  },
  {
    name: "a missing required field", operationId: "getFundingHistory", check: "positive",
    changeAnswer: (r, a) => (r.path.endsWith("/funding-history") && a.status === 200 ? editJson(a, (b) => b.records.forEach((f: any) => delete f.settlementPrice)) : a),
  },
  {
    name: "a number where a decimal string belongs", operationId: "getMainBalance", check: "positive",
    changeAnswer: (r, a) => (r.path.endsWith("/balance") && a.status === 200 ? editJson(a, (b) => Object.values<any>(b).forEach((e) => (e.main_balance = Number(e.main_balance)))) : a),
  },
  {
    name: "an undocumented status", operationId: "getMiningPayoutDestination", check: "positive",
    changeAnswer: (r, a) => (r.path.endsWith("/payout-destination") && a.status === 200 ? { ...a, status: 202 } : a),
  },
  {
    name: "limit 101 accepted", operationId: "getInterestPaymentsHistory", check: "negative",
    answerInstead: (r) => (r.path.endsWith("/interest-payment-history") && r.json?.limit > 100 ? json(200, { offset: 0, limit: r.json.limit, records: [] }) : undefined),
  },
  {
    name: "an unsigned request accepted", operationId: "getMainBalance", check: "auth-headers",
    answerInstead: (r) => (r.path.endsWith("/balance") && !r.headers["x-txc-signature"] ? json(200, { BTC: { main_balance: "1" } }) : undefined),
  },
  {
    name: "a replayed nonce accepted", operationId: "getMainBalance", check: "auth-signature",
    answerInstead: (() => {
      const seen = new Set<string>();
      return (r: Received) => {
        if (!r.path.endsWith("/balance")) return undefined;
        if (seen.has(r.body)) return json(200, { BTC: { main_balance: "1" } });
        seen.add(r.body);
        return undefined;
      };
    })(),
  },
  {
    name: "a text/html body", operationId: "ping", check: "public",
    changeAnswer: (r, a) => (r.path.endsWith("/ping") ? { ...a, contentType: "text/html" } : a),
  },
  {
    name: "a refund id that is not the transaction_id sent", operationId: "refundDeposit", check: "sequences", says: "the answer's id is \"00000000-0000-4000-8000-000000000000\", not the transaction_id of the request", args: ["--include-mutations", "--operation", "refundDeposit"],
    changeAnswer: (r, a) => (r.path.endsWith("/refund-deposit") && a.status === 200 ? editJson(a, (b) => (b.id = "00000000-0000-4000-8000-000000000000")) : a),
  },
  {
    name: "a page whose offset is not the one asked for", operationId: "getInterestPaymentsHistory", check: "tied-answers", says: "the answer's offset is 0, not the offset of the request",
    changeAnswer: (r, a) => (r.path.endsWith("/interest-payment-history") && a.status === 200 ? editJson(a, (b) => (b.offset = 0)) : a),
  },
  {
    name: "a page that ignores offset", operationId: "getFundingHistory", check: "tied-answers", says: "offset 1 answered the first record again: the server ignores offset",
    changeAnswer: (() => {
      let firstRecords: unknown[] = [];
      return (r: Received, a: Answer) => {
        if (!r.path.endsWith("/funding-history") || a.status !== 200) return a;
        if (!r.json?.offset) firstRecords = JSON.parse(a.body).records;
        return editJson(a, (b) => (b.records = firstRecords.slice(0, b.records.length)));
      };
    })(),
  },
  {
    name: "a balance asked for one ticker that lists another", operationId: "getMainBalance", check: "tied-answers", says: "the answer also lists ZZZ",
    changeAnswer: (r, a) => (r.path.endsWith("/balance") && a.status === 200 && r.json?.ticker ? editJson(a, (b) => (b.ZZZ = { main_balance: "1" })) : a),
  },
  {
    name: "limit 100 refused as invalid", operationId: "getInvestmentsHistory", check: "positive", says: "the valid limit 100 was refused (errors keyed limit): its schema alone decides its validity",
    answerInstead: (r) => (r.path.endsWith("/smart/investments") && r.json?.limit === 100 ? json(400, { code: 0, message: "Validation failed", errors: { limit: ["The limit may not be greater than 99."] } }) : undefined),
  },
  {
    name: "enabled false refused as invalid", operationId: "updateFlexAutoReinvestment", check: "positive", says: "the valid enabled false was refused (errors keyed enabled)", args: ["--include-mutations", "--operation", "updateFlexAutoReinvestment"],
    answerInstead: (r) => (r.path.endsWith("/auto-invest") && r.json?.enabled === false ? json(400, { code: 0, message: "Validation failed", errors: { enabled: ["The enabled field must be true."] } }) : undefined),
  },
  {
    name: "a 404 that is not JSON", operationId: "unknownPath", check: "public", says: "the body is not JSON (a 404 answer too must be JSON)",
    answerInstead: (r) => (r.path === "/api/v4/contract-test/no-such-endpoint" ? { status: 404, contentType: "text/html", body: "<h1>Not Found</h1>" } : undefined),
  },
  {
    name: "a 500 on one valid input", operationId: "getFundingHistory", check: "positive",
    answerInstead: (r) => (r.path.endsWith("/funding-history") && typeof r.json?.market === "string" ? json(500, { code: 500, message: "boom", errors: {} }) : undefined),
  },
];

const listen = async (server: Server) => (await listenOnLoopback(server)).baseUrl;

/** A sandbox with one defect in front of it, both in this process on loopback ports. */
export async function startBrokenServer(defect: Defect, { rateLimits = true } = {}): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const sandbox = createSandbox({ dataset: builtInDataset(), docsFile: "/nonexistent", documentFile: path.join(generatedDir, "openapi.json"), rateLimits });
  const sandboxUrl = await listen(sandbox);
  const proxy = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {}
    const received: Received = { method: request.method ?? "GET", path: request.url ?? "/", headers: request.headers, body, json: parsed };
    let answer = defect.answerInstead?.(received);
    if (!answer) {
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.startsWith("x-txc-") || name === "content-type")) as Record<string, string>;
      const forwarded = await fetch(sandboxUrl + received.path, { method: request.method, headers, body: request.method === "GET" ? undefined : body });
      answer = { status: forwarded.status, contentType: forwarded.headers.get("content-type") ?? "", body: await forwarded.text() };
      answer = defect.changeAnswer?.(received, answer) ?? answer;
    }
    response.writeHead(answer.status, { "Content-Type": answer.contentType });
    response.end(answer.body);
  });
  const baseUrl = await listen(proxy);
  return {
    baseUrl,
    close: async () => {
      for (const server of [proxy, sandbox]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}
