// A server being built has some operations and not others. An operation the server does not have
// answers every request with 404, 405 or 501 (or a status the document never gives it): it is
// reported once, "not implemented", instead of once for every check that met the same refusal.
import { counted } from "../text/counted.js";
import { saysAbsent, statusList } from "../validation/absent.js";
import type { CheckResult } from "./case.js";
import type { OperationId } from "../../generated/operations.js";

/** The name reports give the one result of an operation the server does not have. */
export const NOT_IMPLEMENTED_CHECK = "implemented";

/**
 * The one failure that stands for all of an operation's results when every request it was sent
 * was answered as by a server without it; undefined when any answer shows the operation is there.
 */
export function notImplementedResult(operationId: OperationId, results: CheckResult[]): CheckResult | undefined {
  if (results.length === 0 || results.some((r) => r.status === null || !saysAbsent(operationId, r.status))) return undefined;
  const statuses = statusList(results.map((r) => r.status!));
  const example = results.find((r) => !r.passed) ?? results[0]!;
  return {
    operationId,
    check: NOT_IMPLEMENTED_CHECK,
    name: `not implemented (${statuses} to every request)`,
    passed: false,
    expected: "the operation, answering as the document says",
    actual: `${statuses} to each of ${counted(new Set(results.map((r) => r.name)).size, "request")}`,
    problems: [{ kind: "not-implemented", message: `the server answered ${statuses} to every request of ${operationId}: it does not have this operation (yet)` }],
    status: results[0]!.status,
    curl: example.curl,
    ...(example.serverSays ? { serverSays: example.serverSays } : {}),
    durationMs: results.reduce((sum, r) => sum + (r.durationMs ?? 0), 0),
  };
}
