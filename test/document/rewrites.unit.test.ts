// Every change the build makes to ajv's code stops the build, naming itself, when ajv writes that
// code otherwise (an upgrade): nothing is quietly left slower, larger or with a require().
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { assertNoTracking, documentAjv } from "../../scripts/validators/ajv.mjs";
import { compactStandalone } from "../../scripts/validators/compact.mjs";
import { esmOnly } from "../../scripts/validators/esm-only.mjs";
import { quickerChecks } from "../../scripts/validators/quicker-checks.mjs";
import { assertEveryRewriteMatched, resetRewriteCounts, RewriteError } from "../../scripts/validators/rewrite.mjs";
import { validatorCode } from "../../scripts/validators/standalone.mjs";

const document = JSON.parse(readFileSync(new URL("../../generated/openapi.json", import.meta.url), "utf8"));
const decimal = "openapi.json#/components/schemas/Decimal";

describe("the rewrites of ajv's code", () => {
  it("do what they say on the code ajv writes today", () => {
    expect(quickerChecks('if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){}')).toContain("Number.isInteger(data0)");
    expect(esmOnly('const f = require("ajv-formats/dist/formats").fullFormats.uuid;')).toMatch(/^import __import0 from "ajv-formats\/dist\/formats.js";/);
  });

  it("stop the build, naming the rewrite and the code it missed, when ajv writes an integer test otherwise", () => {
    const changed = 'if(!((typeof data0 === "number") && (!(data0 % 1) && !isNaN(data0)) && isFinite(data0))){}';
    expect(() => quickerChecks(changed)).toThrow(RewriteError);
    expect(() => quickerChecks(changed)).toThrow(/quicker-checks: Number.isInteger: ajv wrote code that .* does not match: "!\(data0 % 1\)"\. See CONTRIBUTING.md, "Upgrading ajv"/);
  });

  it("stop on a decimal pattern written in another form, and on a require() of another quoting", () => {
    expect(() => quickerChecks('const pattern0 = new RegExp("^-?[0-9]+(\\\\.[0-9]+)?$", "");')).toThrow(/quicker-checks: pattern scanners/);
    expect(() => esmOnly("const f = require('ajv-formats/dist/formats');")).toThrow(/esm-only: require\(\)/);
  });

  it("stop on an error push or a missing-property error of another shape", () => {
    expect(() => compactStandalone("const err0 = {a:1};if(vErrors == null){vErrors = [err0];}else {vErrors.push(err0);}")).toThrow(/compact: error pushes/);
    expect(() => compactStandalone('x({instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "a"},message:"is required"})')).toThrow(/compact: missing-property errors/);
  });

  it("stop when a rewrite matched nothing in a whole build", () => {
    resetRewriteCounts();
    compactStandalone("const a = 1;");
    expect(() => assertEveryRewriteMatched()).toThrow(/compact: schema constants, compact: error pushes, compact: missing-property errors, compact: type errors: matched nothing in the whole build/);
    resetRewriteCounts();
  });

  it("stop when code compiled with tracking off still tracks evaluated properties", () => {
    const stock = documentAjv(document, { tracking: true });
    stock.addSchema({ $id: "probe", type: "object", properties: { x: { type: "integer" } }, allOf: [{ $ref: "#/$defs/b" }], $defs: { b: { type: "object", properties: { y: { type: "string" } } } } });
    expect(() => validatorCode(stock, { probe: "probe" })).toThrow(/ajv tracking: the code still tracks/);
    expect(() => assertNoTracking(validatorCode(documentAjv(document), { validateDecimal: decimal }))).not.toThrow();
  });
});
