// The one change the build makes to ajv's standalone code: its require() calls become an inlined
// helper or an import, and a require() of any other form stops the build instead of shipping.
import { describe, expect, it } from "vitest";
import { esmOnly } from "../../scripts/validators/esm-only.mjs";

describe("esm-only", () => {
  it("inlines ucs2length and imports anything else, once per module", () => {
    const code = esmOnly('const a = require("ajv/dist/runtime/ucs2length").default;const b = require("ajv-formats/dist/formats").fullFormats.date;const c = require("ajv/dist/runtime/ucs2length").default;');
    expect(code).toContain('import __import0 from "ajv-formats/dist/formats.js";');
    expect(code.match(/const __inline0 = /g)).toHaveLength(1);
    expect(code).toContain("const a = __inline0.default;const b = __import0.fullFormats.date;const c = __inline0.default;");
    const length = new Function(`${code.split("\n")[1]}; return __inline0.default;`)() as (text: string) => number;
    expect(length("a😀b")).toBe(3);
  });

  it("stops on a require() of another form, quoting it", () => {
    expect(() => esmOnly("const f = require('ajv-formats/dist/formats');")).toThrow(/esm-only: ajv wrote a require\(\) of another form: "require\('ajv-formats/);
  });

  it("leaves code without require() as it is", () => {
    expect(esmOnly("export const validate = () => true;")).toBe("\nexport const validate = () => true;");
  });
});
