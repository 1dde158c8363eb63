// The tester's options are resolved once for both surfaces: the same rule, in the words of the
// surface the user writes them on.
import { describe, expect, it } from "vitest";
import { operationIds } from "../../generated/operations.js";
import { CLI_WORDING, LIBRARY_WORDING, resolveTesterOptions, sends, type TesterInput } from "../../src/contract/tester-options.js";
import { operationIndex } from "../../generated/operations.js";

const input = (more: Partial<TesterInput>): TesterInput => ({ baseUrl: "http://127.0.0.1:9", identities: [{ apiKey: "k", apiSecret: "s" }], ...more });

describe("resolveTesterOptions", () => {
  it.each([
    [{ connections: 65 }, "--connections must be an integer from 1 to 64", "connections must be an integer from 1 to 64"],
    [{ maxTimeMs: 0 }, "--max-time must be an integer from 1 to 2147483", "maxTimeMs must be an integer from 1 to 2147483647"],
    [{ maxRateLimitWaitMs: Number.NaN }, "--max-wait must be an integer from 0 to 2147483", "maxRateLimitWaitMs must be an integer from 0 to 2147483647"],
    [{ maxFailures: 0 }, "--max-failures must be an integer from 1 to", "maxFailures must be an integer from 1 to"],
    [{ concurrency: 1.5 }, "--concurrency must be an integer from 1 to 1000", "concurrency must be an integer from 1 to 1000"],
    [{ baseUrl: "ftp://x" }, "--base-url must be http:// or https://", "baseUrl must be http:// or https://"],
    [{ proxy: "socks5://127.0.0.1:1080" }, "--proxy needs an http:// or https:// URL", "proxy needs an http:// or https:// URL"],
    [{ checks: ["positive", "speed"] }, '--checks names no check: "speed"', 'checks names no check: "speed"'],
  ] as [Partial<TesterInput>, string, string][])("%j is refused with one rule, named as each surface spells it", (given, cli, library) => {
    expect(() => resolveTesterOptions(input(given), CLI_WORDING)).toThrow(cli);
    expect(() => resolveTesterOptions(input(given), LIBRARY_WORDING)).toThrow(library);
  });

  it("defaults every option, and marks the operations and checks as not named", () => {
    const options = resolveTesterOptions(input({}), LIBRARY_WORDING);
    expect(options.operations).toEqual(operationIds);
    expect(options.named).toEqual({ operations: false, checks: false });
    expect(options).not.toHaveProperty("maxTimeMs");
    expect(options).not.toHaveProperty("maxFailures");
  });

  it("sends an operation that changes state only with mutations included", () => {
    const changing = operationIds.find((id) => operationIndex[id].stateChanging)!;
    const reading = operationIds.find((id) => !operationIndex[id].stateChanging)!;
    expect(sends({ operations: [changing, reading], includeMutations: false }, changing)).toBe(false);
    expect(sends({ operations: [changing, reading], includeMutations: false }, reading)).toBe(true);
    expect(sends({ operations: [changing, reading], includeMutations: true }, changing)).toBe(true);
    expect(sends({ operations: [reading], includeMutations: true }, changing)).toBe(false);
  });
});
