// The surface half of the version gate on reports made for the test: what a user of the package
// would feel (a name gone, an option's type changed, a flag gone) is breaking; a name added is not.
import { describe, expect, it } from "vitest";
import { FOLLOWS_THE_DOCUMENT, stricterVerdict, surfaceChanges, surfaceVerdict } from "../../src/diff/surface-gate.js";

const released = [
  "# header",
  "## Exports",
  "txc-api/contract",
  "  type ContractTestOptions",
  "    baseUrl: string",
  "    connections?: number | undefined",
  "  function runContractTest: (options: ContractTestOptions) => Promise<ContractTestReport>",
  `  type TxcClient${FOLLOWS_THE_DOCUMENT}`,
  `    getMainBalance: (params?: Omit<{ ticker?: string; }>) => Promise<MainBalance>${FOLLOWS_THE_DOCUMENT}`,
  "## Commands",
  "txc-api proxy",
  "  --port string",
  "  --sign boolean, default false",
  "",
].join("\n");

const edited = (from: string, to: string) => {
  expect(released).toContain(from);
  return released.replace(from, to);
};

describe("surfaceChanges", () => {
  it("finds nothing between a report and itself", () => {
    expect(surfaceChanges(released, released)).toEqual([]);
    expect(surfaceVerdict(surfaceChanges(released, released))).toBe("none");
  });

  it.each([
    ["an option's type changed", edited("connections?: number | undefined", "connections?: string | undefined"), "txc-api/contract > ContractTestOptions.connections changed"],
    ["an option removed", edited("    baseUrl: string\n", ""), "txc-api/contract > ContractTestOptions.baseUrl is gone"],
    ["an optional option made required", edited("connections?: number | undefined", "connections: number"), "txc-api/contract > ContractTestOptions.connections"],
    ["a function's signature changed", edited("(options: ContractTestOptions)", "(options: ContractTestOptions, more: string)"), "txc-api/contract > runContractTest changed"],
    ["a flag removed", edited("  --port string\n", ""), "txc-api proxy > --port is gone"],
    ["a flag's default changed", edited("default false", "default true"), "txc-api proxy > --sign changed"],
    ["a method the document made removed", edited(`    getMainBalance: (params?: Omit<{ ticker?: string; }>) => Promise<MainBalance>${FOLLOWS_THE_DOCUMENT}\n`, ""), "TxcClient.getMainBalance is gone"],
  ])("%s: breaking", (_, current, message) => {
    const changes = surfaceChanges(released, current);
    expect(changes.map((change) => change.message).join("\n")).toContain(message);
    expect(surfaceVerdict(changes)).toBe("breaking");
  });

  it("takes a line that follows the document as the document's gate's when it changes, and an added name or flag as compatible", () => {
    const current = edited("ticker?: string; }", "ticker?: string; market?: string; }").replace("  --port string\n", "  --port string\n  --host string\n");
    const changes = surfaceChanges(released, current);
    expect(changes).toEqual([{ kind: "compatible", key: "txc-api proxy > --host", message: "txc-api proxy > --host is new" }]);
    expect(surfaceVerdict(changes)).toBe("compatible");
  });

  it("steps the version by the stricter of the document's verdict and the surface's", () => {
    expect(stricterVerdict("text", "breaking")).toBe("breaking");
    expect(stricterVerdict("compatible", "none")).toBe("compatible");
    expect(stricterVerdict("none", "none")).toBe("none");
  });
});
