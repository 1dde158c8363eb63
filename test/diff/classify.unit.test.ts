// The diff's classification as a pure function over oasdiff's changes.
import { describe, expect, it } from "vitest";
import { classify } from "../../src/diff/classify.js";

const removedField = { id: "response-property-removed", level: 3, operation: "POST", operationId: "applyCode", path: "/api/v4/main-account/codes/apply", text: "removed the `external_id` response property for the response status `200`" };
const newEnumValue = { id: "response-property-enum-value-added", level: 2, operation: "POST", operationId: "getInvestmentsHistory", path: "/x", text: "added the new enum value `5` to the `records/items/status` response property" };
const newOptional = { id: "new-optional-request-property", level: 1, operation: "POST", operationId: "getMainBalance", path: "/y", text: "added the new optional `currency` request property" };

describe("classify", () => {
  it("calls errors and warnings breaking and information compatible", () => {
    expect(classify([removedField], false).changes[0]!.kind).toBe("breaking");
    expect(classify([newEnumValue], false).changes[0]!.kind).toBe("breaking");
    expect(classify([newOptional], false).changes[0]!.kind).toBe("compatible");
  });

  it("takes the worst change as the verdict", () => {
    expect(classify([newOptional, newEnumValue], false).verdict).toBe("breaking");
    expect(classify([newOptional], true).verdict).toBe("compatible");
  });

  it("names the operation and the field, array items as []", () => {
    expect(classify([removedField], false).changes[0]).toMatchObject({ field: "external_id", location: "applyCode (POST /api/v4/main-account/codes/apply) · external_id" });
    expect(classify([newEnumValue], false).changes[0]!.field).toBe("records[].status");
  });

  it("says text only when oasdiff sees nothing but the documents differ, and none when they are the same", () => {
    expect(classify([], true)).toMatchObject({ verdict: "text", changes: [{ kind: "text", location: "document" }] });
    expect(classify([], false)).toEqual({ verdict: "none", changes: [] });
  });
});
