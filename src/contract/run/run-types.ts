import type { OperationId } from "../../../generated/operations.js";
import type { CheckName } from "../checks/registry.js";
import type { NotSelected } from "../selection.js";
import type { Coverage } from "../../validation/coverage.js";
import type { CheckResult } from "../verdict.js";

export type RunEvent =
  /** The start has proven the target: checks follow. */
  | { type: "started" }
  /** A result as reported: an operation's results come once it is done, as one "not implemented" when the server lacks it. */
  | { type: "result"; result: CheckResult }
  | { type: "operation-done"; operationId: string; results: CheckResult[] }
  /** A workflow that met an operation the server does not have: reported once, as blocked by it. */
  | { type: "blocked"; blocked: BlockedWorkflow }
  | { type: "note"; note: string };

/** What became of an operation of the document in a run. */
export type Outcome = "passed" | "failed" | "not implemented" | "not selected" | "not exercised";

/** A workflow one of whose steps met an operation the server does not have: neither passed nor failed. */
export type BlockedWorkflow = { workflowId: string; operationId: string; blockedBy: string };

export type Report = {
  /** The checks the run was asked for. */
  checks: CheckName[];
  results: CheckResult[];
  /** Failures of the run as a whole, beyond its cases. */
  runProblems: string[];
  /** What was asked for and not exercised, when allowed to pass anyway (else they are run problems). */
  partial?: string[];
  /**
   * Why the run ended before its plan was done, when it did: exit status 2 when it could not test
   * (the start refused, the server stopped answering), 1 when stopped (a signal, the deadline, the
   * failures allowed). `error` is the tester's own failure, to be thrown once the reports are written.
   */
  stoppedEarly?: { cause: string; exitStatus: 1 | 2; error?: unknown };
  /** What the run could not check, and why (no failure). */
  notes: string[];
  /** Answers 429 that were waited out and sent again. */
  rateLimited: number;
  /** Operations whose every request was answered as by a server without them: one result each (passed when expected). */
  notImplemented: OperationId[];
  /** Workflows that met an operation of `notImplemented`: not run through, charged to no operation. */
  blocked: BlockedWorkflow[];
  notSelected: NotSelected;
  /** Every operation of the document and what became of it. */
  outcomes: { operationId: OperationId; outcome: Outcome }[];
  /** The statuses documented and observed, by operation exercised. */
  statusesSeen: { operations: number; exercised: string[]; statuses: Record<string, { documented: readonly string[]; observed: number[] }> };
  /** How much of the document the run exercised, as percentages (as the NDJSON summary and JUnit properties give it, and the proxy of its traffic). */
  coverage: Coverage;
  requests: number;
  durationMs: number;
};
