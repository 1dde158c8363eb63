// The shared types of a run, imported by every part of the tester and importing none of them: a
// case, what came back, and a verdict. The checks' names are their modules' (checks/registry.ts).
import { pathPrefixes, type OperationId } from "../../generated/operations.js";
import type { ConformanceKind, JsonReading } from "../validation/answer-conformance.js";

/** The pseudo-operation of the case sent to a path the API does not have. */
export const UNKNOWN_PATH_CASE = "unknownPath" as const;
export const isUnknownPath = (operationId: string): operationId is typeof UNKNOWN_PATH_CASE => operationId === UNKNOWN_PATH_CASE;

export type Tamper =
  | { kind: "omit-header"; header: string }
  | { kind: "wrong-secret" }
  | { kind: "other-body" }
  | { kind: "replay" }
  | { kind: "request-path"; path: string }
  | { kind: "malformed-json" };

export type Expectation =
  | { kind: "accepted" }
  | { kind: "rejected"; errorKey?: string }
  | { kind: "status"; status: number }
  /** Any 4xx but 429: the server turned the request down as the client's fault. */
  | { kind: "client-error" };

/** One request of a run and what its answer must be. */
export type Case = {
  /** The operation, or UNKNOWN_PATH_CASE for the 404 case. */
  operationId: OperationId | typeof UNKNOWN_PATH_CASE;
  /** The check that made it: a name of checks/registry.ts. */
  check: string;
  name: string;
  method: string;
  path: string;
  /** Body fields without request and nonce, which are set when signing. Unsigned when absent. */
  fields?: Record<string, unknown>;
  tamper?: Tamper;
  expect: Expectation;
  /** Real values: a documented example (a read-only operation must answer it 200) or a fixture (any operation must). */
  realValues?: "documented" | "fixture";
  /** Signed with the ordinary account's key (TXC_API_KEY_BASIC) instead of the main one. */
  identity?: "basic";
  /** A generated request: shrunk to the smallest one that still fails before it is reported. */
  generated?: true;
  /**
   * "when-failed": a case sent for the verdict of another check's judgeAccepted (tied-answers'
   * valid requests when positive is not asked for); its own acceptance is reported only when it failed.
   */
  ownAcceptance?: "when-failed";
};

/** The exchanges a result stands for: a workflow's steps, else its own operation and status. */
export const exchangesOf = (result: CheckResult): { operationId: string; status: number | null }[] =>
  result.steps ?? [{ operationId: result.operationId, status: result.status }];

/** The test a result belongs to (contractTests): its workflow's, or its operation's for its check. */
export const testNameOf = (result: { operationId: string; check: string; workflowId?: string }): string =>
  result.workflowId ? `workflow ${result.workflowId}` : `${result.operationId} · ${result.check}`;

/** Requests a case sends: a replay sends the same signed request once more on each of `resends` connections, and is paced as all of them. */
export const requestsOf = (testCase: Case, resends = 1): number => (testCase.tamper?.kind === "replay" ? 1 + resends : 1);

export const UNKNOWN_PATH = `${pathPrefixes.api}contract-test/no-such-endpoint`;

/** What came back for a case. */
export type Observation = {
  url: string;
  status: number;
  contentType: string;
  cacheControl: string;
  text: string;
  json: JsonReading;
  /** Diagnostic headers the server sent with its answer, by lower-case name. */
  diagnostics: Record<string, string>;
  /** Why no answer was read: a redirect (never followed) or an answer over the size cap. */
  transportProblem?: string;
  /** For a replayed request, the status of its first sending. */
  firstStatus?: number;
};

/** What went wrong, by kind, so that reports and machines can group and filter failures. */
export type ProblemKind =
  | ConformanceKind | "transport" | "status" | "cacheable"
  | "refused-valid" | "drift" | "decided-value-refused" | "not-rejected" | "error-key" | "tied-answer" | "rate-limit" | "sequence" | "race"
  | "not-implemented";
export type Problem = { kind: ProblemKind; message: string };

export type CheckResult = {
  operationId: string;
  check: Case["check"];
  /** The workflow it ran (the sequences check: one result per workflow), a test of its own. */
  workflowId?: string;
  name: string;
  passed: boolean;
  expected: string;
  /** What came back: the status, and each way the answer breaks the contract (ajv path and reason). */
  actual: string;
  problems: Problem[];
  status: number | null;
  /** A failed workflow's first step answered as by a server without its operation (404, 405, 501): that operation. */
  blockedBy?: string;
  /** A workflow's steps as sent: each exercises its operation, and its status is observed there (coverage). */
  steps?: { operationId: string; status: number }[];
  /** A shell snippet that sends the request again: failures only. */
  curl: string;
  /** What the server said of its answer: the body's message and its diagnostic headers. */
  serverSays?: string;
  /** Time from sending to the judged answer, 429 waits included. */
  durationMs?: number;
};
