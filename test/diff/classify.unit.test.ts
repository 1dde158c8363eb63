// The diff's classification as a pure function over oasdiff's changes.
import { describe, expect, it } from "vitest";
import { classify } from "../../src/diff/classify.js";
import { textChanges } from "../../src/diff/text-changes.js";

const removedField = { id: "response-property-removed", level: 3, operation: "POST", operationId: "applyCode", path: "/api/v4/main-account/codes/apply", text: "removed the `external_id` response property for the response status `200`" };
const newEnumValue = { id: "response-property-enum-value-added", level: 2, operation: "POST", operationId: "getInvestmentsHistory", path: "/x", text: "added the new enum value `5` to the `records/items/status` response property" };
const newOptional = { id: "new-optional-request-property", level: 1, operation: "POST", operationId: "getMainBalance", path: "/y", text: "added the new optional `currency` request property" };

describe("classify", () => {
  it("calls errors and warnings breaking and information compatible", () => {
    expect(classify([removedField], [], false).changes[0]!.kind).toBe("breaking");
    expect(classify([newEnumValue], [], false).changes[0]!.kind).toBe("breaking");
    expect(classify([newOptional], [], false).changes[0]!.kind).toBe("compatible");
  });

  it("takes the worst change as the verdict", () => {
    expect(classify([newOptional, newEnumValue], [], false).verdict).toBe("breaking");
    expect(classify([newOptional], [], true).verdict).toBe("compatible");
  });

  it("names the operation and the field, array items as []", () => {
    expect(classify([removedField], [], false).changes[0]).toMatchObject({ field: "external_id", location: "applyCode (POST /api/v4/main-account/codes/apply) · external_id" });
    expect(classify([newEnumValue], [], false).changes[0]!.field).toBe("records[].status");
  });

  it("says text only when oasdiff sees nothing but the documents differ, and none when they are the same", () => {
    expect(classify([], [], true)).toMatchObject({ verdict: "text", changes: [{ kind: "text", location: "document", text: "the documents differ in order or layout only" }] });
    expect(classify([], undefined, true).changes[0]!.text).toContain("a side is not JSON, so where is not listed");
    expect(classify([], [], false)).toEqual({ verdict: "none", changes: [] });
  });

  it("lists the text changes beside the others, each with its operation, field and place in the document", () => {
    const base = { paths: { "/p": { post: { operationId: "op", summary: "old", requestBody: { content: { "application/json": { schema: { properties: { ticker: { type: "string", description: "a" } } } } } } } } }, components: { schemas: { S: { "x-codeSamples": [{ lang: "sh" }], "x-paging": { limit: "limit" } } } } };
    const head = structuredClone(base);
    head.paths["/p"].post.summary = "new";
    head.paths["/p"].post.requestBody.content["application/json"].schema.properties.ticker.description = "b";
    delete (head.components.schemas.S as Record<string, unknown>)["x-codeSamples"];
    delete (head.components.schemas.S as Record<string, unknown>)["x-paging"];
    const texts = textChanges(JSON.stringify(base), JSON.stringify(head))!;
    expect(texts.map((c) => [c.location, c.text, c.operation, c.field])).toEqual([
      ["op (POST /p) · summary", "summary changed", "op", undefined],
      ["op (POST /p) · requestBody.content.application/json.schema.properties.ticker.description", "description changed", "op", "ticker"],
      // An extension nobody acts on is text; one the tester acts on is classed by what it does to a caller.
      ["components.schemas.S.x-codeSamples", "x-codeSamples removed", undefined, undefined],
      ["components.schemas.S.x-paging", "x-paging removed: a promise about the answer taken away or narrowed", undefined, undefined],
    ]);
    expect(texts.map((c) => c.kind)).toEqual(["text", "text", "text", "breaking"]);
    const report = classify([removedField], texts, true);
    expect(report.verdict).toBe("breaking");
    expect(report.changes.map((c) => c.kind)).toEqual(["breaking", "text", "text", "text", "breaking"]);
    expect(textChanges("openapi: 3.1.0", "{}")).toBeUndefined();
  });

  it("classes the signing rule (x-txc-signing) by what it does to every caller: stated is compatible, changed or removed breaking", () => {
    const rule = { payloadEncoding: "base64", algorithm: "HMAC-SHA512", signatureEncoding: "hex" };
    const schemes = (signing?: object) => JSON.stringify({ components: { securitySchemes: { Signature: { type: "apiKey", ...(signing ? { "x-txc-signing": signing } : {}) } } } });
    expect(textChanges(schemes(), schemes(rule))!.map((c) => [c.kind, c.text])).toEqual([["compatible", "x-txc-signing added: the signing rule stated for machines"]]);
    expect(textChanges(schemes(rule), schemes({ ...rule, algorithm: "HMAC-SHA256" }))!.map((c) => c.kind)).toEqual(["breaking"]);
    expect(textChanges(schemes(rule), schemes())!.map((c) => c.kind)).toEqual(["breaking"]);
  });
});
