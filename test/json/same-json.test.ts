// JSON equality for the workflows' criteria and chains, which run in the docs page too (no
// node:util there): held to node:util's isDeepStrictEqual on JSON values, generated and by hand.
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sameJson } from "../../src/json/same-json.js";

describe("sameJson", () => {
  it("agrees with isDeepStrictEqual on any two JSON values, and on a value and its copy with keys reordered", () => {
    fc.assert(fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => sameJson(a, b) === isDeepStrictEqual(a, b)));
    const reordered = (value: unknown): unknown => Array.isArray(value) ? value.map(reordered)
      : value !== null && typeof value === "object" ? Object.fromEntries(Object.entries(value).reverse().map(([key, inner]) => [key, reordered(inner)])) : value;
    fc.assert(fc.property(fc.jsonValue(), (a) => sameJson(a, reordered(a)) && isDeepStrictEqual(a, reordered(a))));
  });

  it("coerces nothing: a number is not its string, an array not the object of its indices, null not an empty object", () => {
    expect(sameJson(5, "5")).toBe(false);
    expect(sameJson(["a"], { 0: "a" })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson({ a: [1, { b: "x" }] }, { a: [1, { b: "x" }] })).toBe(true);
  });
});
