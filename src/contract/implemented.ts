// A server being built has some operations and not others. An operation the server does not have
// answers every request with 404, 405 or 501 (or a status the document never gives it): it is
// reported once, "not implemented", instead of once for every check that met the same refusal.
// One it has that never answers 2xx to a valid request is one failure of its own as well.
import { counted } from "../text/counted.js";
import { saysAbsent, statusList } from "../validation/absent.js";
import type { CheckResult } from "./case.js";
import type { OperationId } from "../../generated/operations.js";

/** The name reports give the one result of an operation the server does not have. */
export const NOT_IMPLEMENTED_CHECK = "implemented";

/**
 * The one result that stands for all of an operation's results when every request it was sent
 * was answered as by a server without it (a failure, or a pass when the operation was listed as
 * not implemented yet); undefined when any answer shows the operation is there.
 */
export function notImplementedResult(operationId: OperationId, results: CheckResult[], expected = false): CheckResult | undefined {
  if (results.length === 0 || results.some((r) => r.status === null || !saysAbsent(operationId, r.status))) return undefined;
  const statuses = statusList(results.map((r) => r.status!));
  const example = results.find((r) => !r.passed) ?? results[0]!;
  return {
    operationId,
    check: NOT_IMPLEMENTED_CHECK,
    name: `not implemented${expected ? ", as expected" : ""} (${statuses} to every request)`,
    passed: expected,
    expected: "the operation, answering as the document says",
    actual: `${statuses} to each of ${counted(new Set(results.map((r) => r.name)).size, "request")}`,
    problems: expected ? [] : [{ kind: "not-implemented", message: `the server answered ${statuses} to every request of ${operationId}: it does not have this operation (yet)` }],
    status: results[0]!.status,
    curl: expected ? "" : example.curl,
    ...(example.serverSays && !expected ? { serverSays: example.serverSays } : {}),
    durationMs: results.reduce((sum, r) => sum + (r.durationMs ?? 0), 0),
  };
}

/** The failure of an operation that has a valid request planned and never answered 2xx in the run (`statuses` it did answer). */
export function never2xxResult(operationId: OperationId, check: string, statuses: number[]): CheckResult | undefined {
  if (statuses.some((status) => status >= 200 && status < 300)) return undefined;
  const seen = statusList(statuses) || "none";
  return {
    operationId, check, name: "answered 2xx at least once", passed: false,
    expected: "a valid request accepted at least once in the run (a documented example, a fixture)",
    actual: `statuses: ${seen}`,
    problems: [{ kind: "refused-valid", message: `${operationId} never answered 2xx in this run (statuses: ${seen})` }],
    status: null, curl: "",
  };
}
