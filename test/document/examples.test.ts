// Every example in the document passes the generated validator of the schema it illustrates.
import type { ValidateFunction } from "../../generated/validator-types.js";
import { describe, expect, it } from "vitest";
import { validators } from "../../generated/validators.js";
import { deref, loadDocument, operations, type Example } from "../helpers/project.js";

const document = loadDocument();
const JSON_MEDIA = "application/json";

type Case = { name: string; value: unknown; validate: ValidateFunction };
const cases: Case[] = [];
for (const { operation } of operations(document)) {
  const entry = validators[operation.operationId as keyof typeof validators];
  const media = operation.requestBody?.content[JSON_MEDIA];
  for (const [name, example] of Object.entries(media?.examples ?? {})) {
    cases.push({ name: `${operation.operationId} request ${name}`, value: deref<Example>(document, example).value, validate: entry.request! });
  }
  for (const [status, declared] of Object.entries(operation.responses)) {
    const response = deref(document, declared);
    for (const [name, example] of Object.entries(response.content?.[JSON_MEDIA]?.examples ?? {})) {
      const validate = (entry.responses as Record<string, ValidateFunction>)[status];
      cases.push({ name: `${operation.operationId} ${status} ${name}`, value: deref<Example>(document, example).value, validate });
    }
  }
}

describe("document examples", () => {
  it("exist for every request body and every response with content", () => {
    for (const { operation } of operations(document)) {
      const media = operation.requestBody?.content[JSON_MEDIA];
      if (media) expect(Object.keys(media.examples ?? {}), `${operation.operationId} request`).not.toEqual([]);
      for (const [status, declared] of Object.entries(operation.responses)) {
        const content = deref(document, declared).content?.[JSON_MEDIA];
        if (content) expect(Object.keys(content.examples ?? {}), `${operation.operationId} ${status}`).not.toEqual([]);
      }
    }
    expect(cases.length).toBeGreaterThan(70);
  });

  it("fit each place they are used: a 400's errors name only fields of that operation's request (Prism answers them as they are)", () => {
    const misplaced: string[] = [];
    for (const { operation } of operations(document)) {
      const request = operation.requestBody?.content[JSON_MEDIA]?.schema;
      const fields = new Set(Object.keys((request ? deref(document, request) : {}).properties ?? {}));
      const badRequest = operation.responses["400"] ? deref(document, operation.responses["400"]) : undefined;
      for (const [name, example] of Object.entries(badRequest?.content?.[JSON_MEDIA]?.examples ?? {})) {
        const errors = (deref<Example>(document, example).value as { errors?: Record<string, unknown> }).errors ?? {};
        for (const key of Object.keys(errors)) if (!fields.has(key)) misplaced.push(`${operation.operationId} 400 ${name}: ${key}`);
      }
    }
    expect(misplaced).toEqual([]);
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s is valid", (_name, c) => {
    expect(c.validate(c.value), JSON.stringify(c.validate.errors)).toBe(true);
  });
});
