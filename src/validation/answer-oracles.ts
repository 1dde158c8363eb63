// The answer oracles: each judges one answered exchange (the operation, the fields sent, whether
// the request was valid, the answer) against the document, and says what it finds in the words the
// reports print. The contract tester judges every answer of its cases with them, and the proxy
// every answer of live traffic: an oracle added here works in both.
import { validators } from "../../generated/validators.js";
import { contractFacts, type Schema } from "../../generated/contract-facts.js";
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { conformanceProblems, undocumentedStatus, type ConformanceKind, type JsonReading } from "./answer-conformance.js";
import { tiedAnswerProblems } from "./tied-answers.js";
import { isServerSizeLimit } from "./body-size.js";

/** One answered exchange, as an oracle sees it, live or sent by the tester. */
export type AnsweredExchange = {
  operationId: OperationId;
  /** The body fields sent, when the request's body was a JSON object. */
  sent?: Record<string, unknown> | undefined;
  /** The size of the request body sent, in bytes, where it is known (the proxy's live traffic). */
  sentBytes?: number | undefined;
  /** The request was valid for the operation's schema (the tester's valid cases; the proxy's requests that passed validation). */
  validRequest: boolean;
  answer: { status: number; contentType: string; cacheControl: string; json: JsonReading };
};

export type OracleFindingKind = ConformanceKind | "cacheable" | "tied-answer" | "drift" | "decided-value-refused";
export type OracleFinding = { kind: OracleFindingKind; message: string };

export type AnswerOracle = {
  /** The name reports give its findings (a check of the proxy's; the kind of a problem in the tester's). */
  name: "status" | "answer" | "tied-answers" | "error-keys" | "decided-values";
  describe: string;
  /** What it finds; undefined when it has nothing to judge in this exchange (no tie applies, no refusal). */
  judge(exchange: AnsweredExchange): OracleFinding[] | undefined;
};

/** Explicit freshness without no-store, no-cache or private: a cache may keep it. */
function cacheable(cacheControl: string): boolean {
  const directives = cacheControl.toLowerCase();
  if (/\b(no-store|no-cache|private)\b/.test(directives)) return false;
  return /\bpublic\b/.test(directives) || /\b(s-)?max-age=0*[1-9]/.test(directives);
}

const errorsOf = (json: JsonReading): Record<string, unknown> | undefined => {
  const errors = json.ok ? (json.value as { errors?: unknown } | null)?.errors : undefined;
  return errors && typeof errors === "object" && !Array.isArray(errors) ? (errors as Record<string, unknown>) : undefined;
};

const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * Fields whose validity the request schema alone decides: a number within stated bounds, an enum
 * value, a boolean. A server may refuse a ticker it does not know, never `limit: 100` or `enabled: false`.
 */
function schemaDecided(operationId: OperationId, field: string): boolean {
  const p: Schema | undefined = contractFacts[operationId].requestSchema?.properties?.[field];
  if (!p) return false;
  const type = Array.isArray(p.type) ? p.type[0] : p.type;
  return Array.isArray(p.enum) || type === "boolean" || ((type === "integer" || type === "number") && p.minimum !== undefined && p.maximum !== undefined);
}

export const ANSWER_ORACLES: readonly AnswerOracle[] = [
  {
    name: "status",
    describe: "a status the document gives the operation",
    judge: ({ operationId, answer, sentBytes }) => {
      if (isServerSizeLimit(answer.status, sentBytes)) return undefined;
      const undocumented = undocumentedStatus(operationId, validators[operationId], answer.status);
      return undocumented ? [{ kind: "undocumented-status", message: undocumented }] : [];
    },
  },
  {
    name: "answer",
    describe: "JSON with a JSON Content-Type, valid for its status; a private 200 no cache may keep",
    judge: (exchange) => {
      // The status is the status oracle's: an undocumented one has no schema to read the answer with.
      const found: OracleFinding[] = conformanceProblems(exchange.operationId, validators[exchange.operationId], exchange.answer)
        .filter(({ kind }) => kind !== "undocumented-status")
        .map(({ kind, issue }) => ({ kind, message: kind === "schema" ? `body ${issue.message} (${issue.rule})` : issue.message }));
      const { operationId, answer } = exchange;
      if (operationIndex[operationId].signed && answer.status === 200 && answer.json.ok && cacheable(answer.cacheControl)) {
        found.push({ kind: "cacheable", message: `a private answer is cacheable (Cache-Control: ${answer.cacheControl}); the description says it is not cached` });
      }
      return found;
    },
  },
  {
    name: "tied-answers",
    describe: "a 2xx answer agrees with its request where the document ties the two (x-tied-to-request)",
    judge: ({ operationId, sent, answer }) => {
      if (!sent || answer.status < 200 || answer.status >= 300 || !answer.json.ok) return undefined;
      return tiedAnswerProblems(operationId, sent, answer.json.value)?.map((message) => ({ kind: "tied-answer", message }));
    },
  },
  {
    name: "error-keys",
    describe: "a refusal keys its errors by fields of the operation (or the keys the document names)",
    judge: ({ operationId, answer }) => {
      const errors = errorsOf(answer.json);
      if (!errors || answer.status < 400 || answer.status >= 500) return undefined;
      const fields = Object.keys(contractFacts[operationId].requestSchema?.properties ?? {});
      const allowed = new Set([...fields, ...contractFacts[operationId].errorKeys]);
      return Object.keys(errors).filter((key) => !allowed.has(key)).map((key) => {
        const near = fields.find((field) => squash(field) === squash(key));
        return { kind: "drift", message: near ? `the server asks for ${key}; the document has ${near}` : `the server keys an error by ${key}, which is not a field of ${operationId}` };
      });
    },
  },
  {
    name: "decided-values",
    describe: "a valid request is never refused for a value whose validity the schema alone decides (a bound, an enum, a boolean)",
    judge: ({ operationId, sent, validRequest, answer }) => {
      const errors = errorsOf(answer.json);
      if (!validRequest || !sent || !errors || answer.status < 400 || answer.status >= 500) return undefined;
      return Object.keys(errors)
        .filter((field) => field in sent && schemaDecided(operationId, field))
        .map((field) => ({ kind: "decided-value-refused", message: `the valid ${field} ${JSON.stringify(sent[field])} was refused (errors keyed ${field}): its schema alone decides its validity` }));
    },
  },
];

/** The oracles that had something to judge in one exchange, each with what it found. */
export const judgedBy = (exchange: AnsweredExchange): { oracle: AnswerOracle["name"]; findings: OracleFinding[] }[] =>
  ANSWER_ORACLES.flatMap((oracle) => {
    const findings = oracle.judge(exchange);
    return findings ? [{ oracle: oracle.name, findings }] : [];
  });
