// The proxy's reports: NDJSON written as violations happen (the file exists from the start, so a
// run with none still leaves one), and JUnit written at the end, a test case per operation and
// check that ran.
import { closeSync, openSync, writeFileSync, writeSync } from "node:fs";
import type { Proxy, ProxyViolation } from "./start-proxy.js";
import { coverageProperties, xml, xmlLines } from "../text/xml.js";

/** An operation as the reports name it: a path the document does not have is "(unknown path)". */
export const shownOperation = (operationId: string | null) => operationId ?? "(unknown path)";

export class ProxyNdjson {
  readonly #fd: number;
  constructor(file: string) {
    this.#fd = openSync(file, "w");
  }
  violation(violation: ProxyViolation) {
    writeSync(this.#fd, `${JSON.stringify(violation)}\n`);
  }
  finish(summary: object) {
    writeSync(this.#fd, `${JSON.stringify({ summary: true, ...summary })}\n`);
    closeSync(this.#fd);
  }
}

export function writeProxyJUnit(file: string, proxy: Pick<Proxy, "ran" | "violations" | "coverage">) {
  const byOperation = new Map<string, ReturnType<Proxy["ran"]>>();
  for (const entry of proxy.ran()) byOperation.set(shownOperation(entry.operationId), [...(byOperation.get(shownOperation(entry.operationId)) ?? []), entry]);
  const violations = proxy.violations();
  const coverage = proxy.coverage();
  const suites = [...byOperation].map(([operation, entries]) => {
    const cases = entries.map(({ operationId, check, exchanges, violations: failed }) => {
      const seen = violations.filter((v) => v.operationId === operationId && v.check === check);
      const failure = failed ? `<failure message="${xml(`${failed} of ${exchanges} exchanges: ${seen[0]?.message ?? ""}`)}">${xmlLines(seen.slice(0, 20).map((v) => `${v.method} ${v.path} ${v.status}: ${v.message}`).join("\n"))}</failure>` : "";
      return `    <testcase classname="${xml(`${operation}.${check}`)}" name="${xml(`${operation} · ${check}`)}">${failure}</testcase>`;
    });
    return `  <testsuite name="${xml(operation)}" tests="${entries.length}" failures="${entries.filter((e) => e.violations).length}">\n${[coverageProperties(coverage, operation), ...cases].join("\n")}\n  </testsuite>`;
  });
  const upstream = violations.filter((v) => v.check === "upstream");
  if (upstream.length) suites.push(`  <testsuite name="upstream" tests="1" failures="1">\n    <testcase classname="upstream" name="upstream answered"><failure message="${xml(`${upstream.length} exchanges without an answer from the upstream: ${upstream[0]!.message}`)}"/></testcase>\n  </testsuite>`);
  // An operation not implemented: one failing case of its own.
  const absent = violations.filter((v) => v.check === "implemented");
  for (const v of absent) suites.push(`  <testsuite name="${xml(shownOperation(v.operationId))}.implemented" tests="1" failures="1">\n    <testcase classname="${xml(`${shownOperation(v.operationId)}.implemented`)}" name="not implemented"><failure message="${xml(v.message)}"/></testcase>\n  </testsuite>`);
  const tests = proxy.ran().length + (upstream.length ? 1 : 0) + absent.length;
  const failures = proxy.ran().filter((e) => e.violations).length + (upstream.length ? 1 : 0) + absent.length;
  writeFileSync(file, `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="txc-api proxy" tests="${tests}" failures="${failures}">\n${suites.join("\n")}\n</testsuites>\n`);
}
