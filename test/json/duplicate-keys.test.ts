// The duplicate-key scan, against what JSON.parse itself loses: a key given twice in one object
// leaves fewer keys after parsing than the text names.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstDuplicateKey } from "../../src/json/duplicate-keys.js";

describe("firstDuplicateKey", () => {
  it("finds nothing in any text JSON.stringify writes, escapes and nesting included", () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => firstDuplicateKey(JSON.stringify(value)) === undefined), { numRuns: 2000, seed: 20261123 });
  });

  it("finds a key given twice in one object, wherever the object is, and names it decoded", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), (around, key, value) => {
        const object = `{${JSON.stringify(key)}:${JSON.stringify(value)},"\\u00e9x":0,${JSON.stringify(key)}:1}`;
        return firstDuplicateKey(`[${JSON.stringify(around)},{"nested":${object}}]`) === key;
      }),
      { numRuns: 1000, seed: 20261124 },
    );
  });

  it.each([
    ['{"a":1,"\\u0061":2}', "a"],
    ['{"a":{"b":1},"c":{"b":2}}', undefined],
    ['{"a":[{"k":1},{"k":2}]}', undefined],
    ['{"s":"}{\\"a\\":1,\\"a\\":2","t":1}', undefined],
    ['{"k\\\\":1,"k\\\\":2}', "k\\"],
    ['[{"x":1,"x":2}]', "x"],
  ])("%s: %j", (text, key) => {
    expect(firstDuplicateKey(text)).toBe(key);
  });
});

describe("firstDuplicateKey given what JSON.parse made of the text", () => {
  it("answers as the scan alone, for texts with and without a repeated key, nested or not", () => {
    const texts = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
      fc.tuple(fc.jsonValue({ maxDepth: 3 }), fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 })).map(([around, key, value]) => `[${JSON.stringify(around)},{${JSON.stringify(key)}:${JSON.stringify(value)},"s:\\":{":0,${JSON.stringify(key)}:1}]`),
    );
    fc.assert(fc.property(texts, (text) => firstDuplicateKey(text, JSON.parse(text)) === firstDuplicateKey(text)), { numRuns: 2000, seed: 20261203 });
  });

  it("walks any depth JSON.parse takes without running out of stack", () => {
    const deep = `${"[".repeat(200_000)}{"a":1,"a":2}${"]".repeat(200_000)}`;
    expect(firstDuplicateKey(deep, JSON.parse(deep))).toBe("a");
  });
});
