// The generated validators are ajv's standalone code, made ES modules, compiled from the document
// without its annotations. Here each one must give the verdict and the errors, to the letter, that
// ajv gives compiling the same schema of the whole document at run time: on every documented example,
// on every example with one value replaced or removed, and on random JSON.
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import type { ErrorObject, ValidateFunction } from "ajv";
import { describe, expect, it } from "vitest";
import * as everyValidator from "../../generated/validators.js";
import { DOCUMENT_ID, documentAjv } from "../../scripts/validators.mjs";
import { exportName, validationTargets } from "../../scripts/validation-targets.mjs";
import { generatedDir, loadDocument } from "../helpers/project.js";

type Target = { operationId: string; kind: "request" | "response"; status?: string; pointer: string };

const document = loadDocument();
const targets: Target[] = validationTargets(document);
const stock = documentAjv(document);

/** Every example value in the document: requests, responses, the webhook and shared examples. */
function exampleValues(node: unknown, found: unknown[] = []): unknown[] {
  if (Array.isArray(node)) node.forEach((item) => exampleValues(item, found));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "examples" && value && typeof value === "object" && !Array.isArray(value)) {
        for (const example of Object.values(value)) if (example && typeof example === "object" && "value" in example) found.push(example.value);
      }
      exampleValues(value, found);
    }
  }
  return found;
}

const REPLACEMENTS = [null, 0, -1, 1.5, 101, 10001, "", "x", "-1.5e3", "12.50", "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34", true, [], {}, ["x"]];

/** The value itself, then each nested value replaced by every replacement, then removed. */
function mutations(value: unknown): unknown[] {
  const out: unknown[] = [value, ...REPLACEMENTS];
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      for (const changed of mutations(item).slice(1)) out.push(value.map((v, i) => (i === index ? changed : v)));
      out.push(value.filter((_, i) => i !== index));
    });
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      for (const changed of mutations(item).slice(1)) out.push({ ...value, [key]: changed });
      const { [key]: _removed, ...rest } = value as Record<string, unknown>;
      out.push(rest);
    }
    out.push({ ...value, unlisted: 1 });
  }
  return out;
}

const inputs = [...new Set(exampleValues(document).flatMap(mutations).map((value) => JSON.stringify(value)))].map((text) => JSON.parse(text));
const random = fc.sample(fc.jsonValue({ maxDepth: 3 }), { numRuns: 300, seed: 20261123 });

function verdict(validate: ValidateFunction, value: unknown): [boolean, ErrorObject[] | null | undefined] {
  const valid = validate(value) as boolean;
  return [valid, validate.errors];
}

describe("the generated validators", () => {
  it("are one for each request body and response of the document, checked on thousands of inputs", () => {
    const exported = everyValidator as unknown as Record<string, unknown>;
    expect(targets.filter((target) => typeof exported[exportName(target)] !== "function")).toEqual([]);
    expect(inputs.length).toBeGreaterThan(2_000);
  });

  it.each(targets.map((target) => [exportName(target) as string, target] as const))(
    "%s answers as stock ajv does, errors included, in the module of all operations and in its own",
    async (name, target) => {
      const reference: ValidateFunction = stock.getSchema(DOCUMENT_ID + target.pointer)!;
      const own = await import(`../../generated/validators/${target.operationId}.js`);
      const generated: ValidateFunction[] = [
        (everyValidator as unknown as Record<string, ValidateFunction>)[name],
        target.kind === "request" ? own.request : own.responses[target.status!],
      ];
      const keywords = new Set<string>();
      for (const value of [...inputs, ...random]) {
        const expected = verdict(reference, value);
        for (const error of expected[1] ?? []) keywords.add(error.keyword);
        const expectedText = JSON.stringify(expected);
        for (const validate of generated) {
          const answer = verdict(validate, value);
          if (JSON.stringify(answer) !== expectedText) expect(answer, JSON.stringify(value)).toEqual(expected);
        }
      }
      expect(keywords.has("type"), "the inputs broke the schema's types").toBe(true);
    },
  );
});

it("are compiled once: validators.js names each operation module's validators and compiles none of its own", async () => {
  const source = readFileSync(path.join(generatedDir, "validators.js"), "utf8");
  expect(source).not.toMatch(/\bfunction\b/);
  for (const target of targets) {
    const own = await import(`../../generated/validators/${target.operationId}.js`);
    const fromOwn = target.kind === "request" ? own.request : own.responses[target.status!];
    expect((everyValidator as unknown as Record<string, ValidateFunction>)[exportName(target)], exportName(target)).toBe(fromOwn);
    const row = everyValidator.validators[target.operationId as keyof typeof everyValidator.validators];
    expect(target.kind === "request" ? row.request : (row.responses as Record<string, unknown>)[target.status!]).toBe(fromOwn);
  }
});
