import { describe, expect, it } from "vitest";
import { isDecimalText, PATTERN_SCANNERS, quickerChecks } from "../../scripts/validators/quicker-checks.mjs";

/** Every string of up to `length` characters over `alphabet`. */
function everyString(alphabet: string[], length: number): string[] {
  const all = [""];
  for (let start = 0; all[start].length < length; start++) for (const c of alphabet) all.push(all[start] + c);
  return all;
}

describe("the scanners that stand in for the document's patterns", () => {
  it("read every short string as the regex does, and longer random ones", () => {
    const [[source, scanner]] = Object.entries(PATTERN_SCANNERS) as [[string, (text: string) => boolean]];
    expect(scanner).toBe(isDecimalText);
    const regex = new RegExp(source, "u");
    const alphabet = ["-", "0", "9", ".", "a", "\n", "+", "/", ":", "\u0660"];
    const strings = everyString(alphabet, 5);
    expect(strings).toHaveLength(1 + 10 + 100 + 1_000 + 10_000 + 100_000);
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 20_000; i++) strings.push(Array.from({ length: 1 + Math.floor(random() * 12) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(""));
    strings.push("12.5", "-0.01532", "1500.25", "1.", ".5", "-", "--1", "1.2.3", "1e5", " 1", "1 ", "1\n");
    const disagreements = strings.filter((text) => scanner(text) !== regex.test(text));
    expect(disagreements).toEqual([]);
    expect(strings.filter((text) => scanner(text)).length).toBeGreaterThan(100);
  });

  it("leaves a pattern it has no scanner for as a regex", () => {
    const code = '"use strict";const pattern1 = new RegExp("^[A-Z]+$", "u");function v(data){return pattern1.test(data);}';
    expect(quickerChecks(code)).toBe(code);
  });

  it("asks Number.isInteger what ajv's integer test asks, with the same answers", () => {
    const ajvTest = (data: unknown) => ((typeof data == "number") && (!((data as number) % 1) && !isNaN(data as number))) && (isFinite(data as number));
    const values = [0, -0, 1, -7, 1.5, 2 ** 53, 2 ** 53 + 2, 1e300, -1e-300, Number.NaN, Infinity, -Infinity, Number.MAX_VALUE, Number.MIN_VALUE, "1", null, true, {}, [], 1n, undefined];
    for (const value of values) expect([value, Number.isInteger(value)]).toEqual([value, ajvTest(value)]);
    expect(quickerChecks('if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){}')).toBe("if(!(Number.isInteger(data4))){}");
  });
});
