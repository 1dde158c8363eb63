// The proxy's reports: NDJSON written as violations happen (the file exists from the start, so a
// run with none still leaves one), and JUnit written at the end, a test case per operation and
// check that ran.
import { writeFileSync } from "node:fs";
import type { Proxy, ProxyViolation } from "./start-proxy.js";
import { coverageProperties, junitXml, type JUnitSuite } from "../text/junit.js";
import { NdjsonWriter } from "../text/ndjson.js";
import { counted } from "../text/counted.js";

/** An operation as the reports name it: a path the document does not have is "(unknown path)". */
export const shownOperation = (operationId: string | null) => operationId ?? "(unknown path)";

export class ProxyNdjson {
  readonly #writer: NdjsonWriter;
  constructor(file: string) {
    this.#writer = new NdjsonWriter(file);
  }
  violation(violation: ProxyViolation) {
    this.#writer.line(violation);
  }
  finish(summary: object) {
    this.#writer.line({ summary: true, ...summary });
    this.#writer.close();
  }
}

export function writeProxyJUnit(file: string, proxy: Pick<Proxy, "ran" | "violations" | "coverage">) {
  const byOperation = new Map<string, ReturnType<Proxy["ran"]>>();
  for (const entry of proxy.ran()) byOperation.set(shownOperation(entry.operationId), [...(byOperation.get(shownOperation(entry.operationId)) ?? []), entry]);
  const violations = proxy.violations();
  const coverage = proxy.coverage();
  const suites: JUnitSuite[] = [...byOperation].map(([operation, entries]) => ({
    name: operation,
    properties: coverageProperties(coverage, operation),
    cases: entries.map(({ operationId, check, exchanges, violations: failed }) => {
      const seen = violations.filter((v) => v.operationId === operationId && v.check === check);
      const failure = failed ? { message: `${failed} of ${counted(exchanges, "exchange")}: ${seen[0]?.message ?? ""}`, lines: seen.slice(0, 20).map((v) => `${v.method} ${v.path} ${v.status}: ${v.message}`).join("\n") } : undefined;
      return { classname: `${operation}.${check}`, name: `${operation} · ${check}`, failure };
    }),
  }));
  const upstream = violations.filter((v) => v.check === "upstream");
  if (upstream.length) suites.push({ name: "upstream", cases: [{ classname: "upstream", name: "upstream answered", failure: { message: `${counted(upstream.length, "exchange")} without an answer from the upstream: ${upstream[0]!.message}` } }] });
  // An operation not implemented: one failing case of its own.
  for (const v of violations.filter((v) => v.check === "implemented")) {
    const operation = shownOperation(v.operationId);
    suites.push({ name: `${operation}.implemented`, cases: [{ classname: `${operation}.implemented`, name: "not implemented", failure: { message: v.message } }] });
  }
  writeFileSync(file, junitXml("txc-api proxy", suites));
}
