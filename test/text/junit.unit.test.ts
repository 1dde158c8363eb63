// The one JUnit writer of the tester and the proxy, read back by a real XML parser.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { junitXml, type JUnitSuite } from "../../src/text/junit.js";

const parse = (xml: string) =>
  new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", isArray: (name) => name === "testsuite" || name === "testcase" }).parse(xml).testsuites;

const suites: JUnitSuite[] = [
  {
    name: "getMainBalance",
    properties: [["coverage.checks", "positive, status"]],
    cases: [
      { classname: "getMainBalance.positive", name: "answers 200", timeMs: 12 },
      { classname: "getMainBalance.status", name: "a <bad> \u0007 name", timeMs: 3, failure: { message: 'said "no" & left', lines: "expected: 200\ngot: 500\ncurl -sS 'http://x'" } },
    ],
  },
  { name: "not selected", cases: [{ classname: "applyCode", name: "not selected", skipped: { message: "not selected", lines: "state-changing" } }] },
  { name: "run", cases: [{ classname: "run", name: "stopped early", error: { message: "the server stopped" } }, { classname: "run", name: "nothing exercised", failure: { message: "nothing exercised" } }] },
];

describe("junitXml", () => {
  it("counts every suite's and the whole report's cases by outcome, escapes markup and control bytes, and keeps a failure's lines", () => {
    const xml = junitXml("txc-api contract-test", suites, 1_500);
    expect(XMLValidator.validate(xml)).toBe(true);
    const report = parse(xml);
    expect(report).toMatchObject({ name: "txc-api contract-test", tests: "5", failures: "2", errors: "1", skipped: "1", time: "1.500" });
    expect(report.testsuite.map((s: Record<string, string>) => [s.name, s.tests, s.failures, s.errors, s.skipped])).toEqual([
      ["getMainBalance", "2", "1", "0", "0"], ["not selected", "1", "0", "0", "1"], ["run", "2", "1", "1", "0"],
    ]);
    const failed = report.testsuite[0].testcase[1];
    expect(failed.name).toBe("a <bad> \\u{7} name");
    expect(failed.time).toBe("0.003");
    expect(failed.failure.message).toBe('said "no" & left');
    expect(failed.failure["#text"]).toBe("expected: 200\ngot: 500\ncurl -sS 'http://x'");
    expect(report.testsuite[0].properties.property).toEqual({ name: "coverage.checks", value: "positive, status" });
  });

  it("writes no time at all for an untimed report (the proxy's), rather than zeros", () => {
    const xml = junitXml("txc-api proxy", suites);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toContain("time=");
  });
});
