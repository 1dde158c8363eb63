// The sandbox's error bodies take their fixed parts from the document's examples (errorFormats in
// the generated index), not from values typed in the sandbox.
import { describe, expect, it } from "vitest";
import { errorFormats } from "../../generated/operations.js";
import { validatePrivateError, validatePublicError } from "../../generated/validators.js";
import { errorFormats as formatsOf } from "../../scripts/operations.mjs";
import { privateErrorBody as privateError, publicErrorBody as publicError } from "../../src/server/error-bodies.js";

const response = (code: number) => ({ content: { "application/json": { examples: { shown: { value: { code, message: "m", errors: {} } } } } } });
const signedDocument = (first: number, second: number) => ({
  components: { securitySchemes: { Key: { type: "apiKey", in: "header", name: "X-TXC-APIKEY" } } },
  paths: {
    "/a": { post: { operationId: "a", security: [{ Key: [] }], responses: { 403: response(first) } } },
    "/b": { post: { operationId: "b", security: [{ Key: [] }], responses: { 403: response(second) } } },
  },
});

describe("the sandbox's error bodies", () => {
  it("carry the code the document's examples show for the status: 0 for validation, the status in the illustrative ones", () => {
    expect(errorFormats.privateCodes).toMatchObject({ 400: 0, 403: 403 });
    expect(privateError(400, "Validation failed", { limit: ["too large"] })).toEqual({ code: 0, message: "Validation failed", errors: { limit: ["too large"] } });
    expect(privateError(403, "no")).toEqual({ code: errorFormats.privateCodes[403], message: "no", errors: {} });
    expect(privateError(413, "too large").code).toBe(413);
    for (const status of [400, 401, 403, 404, 413, 429, 500]) expect(validatePrivateError(privateError(status, "x")), String(status)).toBe(true);
  });

  it("of the public format have the fields its examples show, each body its own copy", () => {
    const body = publicError("Too many requests");
    expect(body).toEqual({ success: false, params: [], message: "Too many requests" });
    expect(validatePublicError(body)).toBe(true);
    (body.params as unknown[]).push(1);
    expect(publicError("again").params).toEqual([]);
  });

  it("stop the build when two examples of one status disagree on the code", () => {
    expect(formatsOf(signedDocument(403, 403)).privateCodes).toEqual({ 403: 403 });
    expect(() => formatsOf(signedDocument(403, 7))).toThrow("b: its 403 example has code 7, another 403 example has 403");
  });
});
