import { exchangesOf, isUnknownPath, type Case } from "../case.js";
import type { OperationId } from "../../../generated/operations.js";
import { never2xxResult, notImplementedResult } from "../implemented.js";
import { statusList } from "../../validation/absent.js";
import type { CheckResult } from "../verdict.js";
import type { BlockedWorkflow, RunEvent } from "./run-types.js";

export type LedgerOptions = {
  /** The operations selected: only those are failed for never answering 2xx. */
  operations: readonly OperationId[];
  /** Operations the server is known not to have yet: answering as absent, they pass. */
  expectNotImplemented: readonly OperationId[];
  onEvent?: ((event: RunEvent) => void) | undefined;
};

/**
 * What a run found, in one place: each result as it comes, held per operation until it is known
 * whether the server has the operation (then reported as one "not implemented", or as they are),
 * the workflows blocked by an operation the server lacks, the notes, and what each operation was
 * seen to answer (its coverage).
 */
export class Ledger {
  readonly results: CheckResult[] = [];
  readonly byOperation = new Map<string, CheckResult[]>();
  /** Every exchange judged, by operation: a workflow's steps each under its own (what was exercised and observed). */
  readonly exchanges = new Map<string, { status: number | null; check: string }[]>();
  readonly notImplemented: OperationId[] = [];
  readonly blocked: BlockedWorkflow[] = [];
  readonly notes: string[] = [];
  /** Failed results so far, reported or held. */
  failed = 0;
  /** Cases judged so far. */
  judged = 0;
  /** Results of operations not reported yet: reported once it is known whether the server has the operation. */
  readonly #held = new Map<string, CheckResult[]>();
  /** Operations whose cases are done, and whether the server lacks each: decided before any is reported. */
  readonly #absent = new Map<string, boolean>();
  readonly #settled = new Set<string>();
  /** The statuses each operation answered so far, in any result: did it ever answer 2xx. */
  readonly #answered = new Map<string, Set<number>>();
  /** Cases not yet judged, by operation. */
  readonly #pending = new Map<string, number>();

  constructor(private readonly options: LedgerOptions, private readonly cases: readonly Case[]) {
    for (const testCase of cases) this.#pending.set(testCase.operationId, (this.#pending.get(testCase.operationId) ?? 0) + 1);
  }

  record(result: CheckResult) {
    if (!result.passed) this.failed++;
    for (const { operationId, status } of exchangesOf(result)) {
      if (status === null) continue;
      const statuses = this.#answered.get(operationId);
      if (statuses) statuses.add(status);
      else this.#answered.set(operationId, new Set([status]));
    }
    if (this.#settled.has(result.operationId)) return this.#keep(result);
    const held = this.#held.get(result.operationId);
    if (held) held.push(result);
    else this.#held.set(result.operationId, [result]);
  }

  note(note: string) {
    this.notes.push(note);
    this.options.onEvent?.({ type: "note", note });
  }

  /** A case was judged: once an operation's last one is, what can be reported of it is. */
  caseJudged(operationId: string) {
    this.judged++;
    const left = this.#pending.get(operationId)! - 1;
    this.#pending.set(operationId, left);
    if (left === 0) this.#casesDone(operationId);
  }

  /** The run is over: every operation still held is decided and reported. */
  close() {
    for (const operationId of [...this.#held.keys()]) this.#casesDone(operationId);
    // What still waits on an operation never decided (one with no case of its own) is reported as it is.
    for (const operationId of [...this.#held.keys()]) this.#settle(operationId);
  }

  /** The results that say whether the server has the operation: all but workflows blocked by another one. */
  #ownResults(operationId: string): CheckResult[] {
    return (this.#held.get(operationId) ?? []).filter((r) => r.blockedBy === undefined || r.blockedBy === operationId);
  }

  /** The operation's cases are done: whether the server has it is decided, and what can be reported is. */
  #casesDone(operationId: string) {
    if (!this.#absent.has(operationId)) {
      this.#absent.set(operationId, !isUnknownPath(operationId) && notImplementedResult(operationId as OperationId, this.#ownResults(operationId)) !== undefined);
    }
    // An operation is reported once every operation its workflows were blocked by is decided.
    for (let progress = true; progress; ) {
      progress = false;
      for (const [id] of this.#absent) {
        if (this.#settled.has(id) || (this.#held.get(id) ?? []).some((r) => r.blockedBy !== undefined && !this.#absent.has(r.blockedBy))) continue;
        this.#settle(id);
        progress = true;
      }
    }
  }

  /**
   * The operation's results are reported: as one "not implemented" when every answer said so (a
   * pass when expected), without the workflows blocked by another operation the server lacks, and
   * with a failure when it never answered 2xx.
   */
  #settle(operationId: string) {
    if (this.#settled.has(operationId)) return;
    const held = this.#held.get(operationId) ?? [];
    const own = this.#ownResults(operationId);
    const blockedByAbsent = (r: CheckResult) => r.blockedBy !== undefined && r.blockedBy !== operationId && this.#absent.get(r.blockedBy) === true;
    this.#settled.add(operationId);
    this.#held.delete(operationId);
    for (const result of held.filter(blockedByAbsent)) {
      const blocked = { workflowId: result.workflowId!, operationId, blockedBy: result.blockedBy! };
      this.blocked.push(blocked);
      this.options.onEvent?.({ type: "blocked", blocked });
    }
    // A workflow blocked by an operation the server has is a failure like any other.
    const others = held.filter((r) => !blockedByAbsent(r) && !own.includes(r));
    const expected = this.options.expectNotImplemented.includes(operationId as OperationId);
    const absent = isUnknownPath(operationId) ? undefined : notImplementedResult(operationId as OperationId, own, expected);
    if (absent) this.notImplemented.push(operationId as OperationId);
    else if (expected && own.length > 0) this.note(`${operationId}: listed as not implemented yet, and it answers (${statusList(own.flatMap((r) => (r.status === null ? [] : [r.status])))}): take it off the list`);
    const results = [...(absent ? [absent] : own), ...others];
    const never2xx = absent ? undefined : this.#never2xx(operationId);
    for (const result of never2xx ? [...results, never2xx] : results) this.#keep(result);
    this.options.onEvent?.({ type: "operation-done", operationId, results: this.byOperation.get(operationId) ?? [] });
  }

  /** A failure of the operation when its cases all ran, one a valid request, and none of its answers was 2xx. */
  #never2xx(operationId: string): CheckResult | undefined {
    if (isUnknownPath(operationId) || !this.options.operations.includes(operationId as OperationId) || this.#pending.get(operationId) !== 0) return undefined;
    const accepting = this.cases.find((testCase) => testCase.operationId === operationId && testCase.expect.kind === "accepted");
    return accepting && never2xxResult(operationId as OperationId, accepting.check, [...(this.#answered.get(operationId) ?? [])]);
  }

  #keep(result: CheckResult) {
    this.results.push(result);
    const ofOperation = this.byOperation.get(result.operationId);
    if (ofOperation) ofOperation.push(result);
    else this.byOperation.set(result.operationId, [result]);
    for (const { operationId, status } of exchangesOf(result)) this.exchanges.set(operationId, [...(this.exchanges.get(operationId) ?? []), { status, check: result.check }]);
    this.options.onEvent?.({ type: "result", result });
  }
}
