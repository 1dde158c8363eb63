// A handler answering the wrong shape fails to compile with a message that names the field and its
// rule, sync or async, not one about ApiError's missing properties (strict settings, as teams use).
// Every case is a file of one TypeScript program, compiled once.
import path from "node:path";
import ts from "typescript";
import { expect, it } from "vitest";
import { root } from "../helpers/project.js";

const OPTIONS: ts.CompilerOptions = {
  strict: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true, noEmit: true, skipLibCheck: true,
  target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, types: ["node"],
};

// Each case is one operation's handler (getMainBalance unless named "operation: handler").
const CASES: Record<string, string> = {
  "sync, a literal key": "() => ({ BTC: { main_balance: 0.5 } })",
  "async, a literal key": "async () => ({ BTC: { main_balance: 0.5 } })",
  "async, a computed key": "async ({ body }) => ({ [body.ticker ?? \"BTC\"]: { main_balance: 0.5 } })",
  "async, either its body or an ApiError": "async ({ body }) => (body.ticker ? { [body.ticker]: { main_balance: \"1\" } } : apiError(404, \"No such ticker.\"))",
  "sync, an undocumented status": "() => apiError(418, \"I'm a teapot\")",
  "async, an undocumented status": "async () => apiError(418, \"I'm a teapot\")",
  "async, an undocumented status thrown or answered": "async ({ body }) => (body.ticker ? { [body.ticker]: { main_balance: \"1\" } } : apiError(418, \"I'm a teapot\"))",
  "async, a missing field": "applyCode: async () => ({ message: \"Code was successfully applied\", ticker: \"USDT\", amount: \"25\" })",
};

/** Each case as its operation's handler, in a file of its own: the messages (with their chains) by case. */
function messagesByCase(): Record<string, string[]> {
  const files = new Map(Object.entries(CASES).map(([name, written], i) => {
    const [, operation = "getMainBalance", handler = written] = /^(\w+): (.*)$/s.exec(written) ?? [];
    return [path.join(root, "test", "types", "fixtures", `wrong-answer-${i}.ts`), { name, source: `import { apiError, createApiHandler, type Handlers } from "../../../src/server-entry.js";
const handlers: Handlers = { ...({} as Omit<Handlers, "${operation}">), ${operation}: ${handler} };
createApiHandler({ keys: () => undefined, handlers });
export const unused = apiError;` }] as const;
  }));
  const host = ts.createCompilerHost(OPTIONS);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) => {
    const planted = files.get(name);
    return planted ? ts.createSourceFile(name, planted.source, version) : read(name, version, ...rest);
  };
  host.fileExists = ((exists) => (name: string) => files.has(name) || exists(name))(host.fileExists.bind(host));
  const program = ts.createProgram({ rootNames: [...files.keys()], options: OPTIONS, host });
  return Object.fromEntries([...files].map(([file, { name }]) => [
    name, ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")),
  ]));
}

const messages = messagesByCase();

it.each(["sync, a literal key", "async, a literal key", "async, a computed key"])("%s: the message names main_balance and its type, not ApiError", (name) => {
  expect(messages[name]).toHaveLength(1);
  expect(messages[name]![0]).toMatch(/Types of property 'main_balance' are incompatible\.\n\s*Type 'number' is not assignable to type 'string'\./);
  expect(messages[name]![0]).not.toMatch(/ApiError/);
});

it("an async handler that answers either its body or an ApiError still compiles", () => {
  expect(messages["async, either its body or an ApiError"]).toEqual([]);
});

it.each(["sync, an undocumented status", "async, an undocumented status", "async, an undocumented status thrown or answered"])("%s: the message names the status and the operation's documented ones, not the 200 body", (name) => {
  expect(messages[name]).toHaveLength(1);
  // TypeScript's last line is its explanation; the lines before it name the types it went through.
  expect(messages[name]![0].trim().split("\n").at(-1)!.trim()).toBe(`Type '418' is not assignable to type 'ErrorStatus<"getMainBalance">'.`);
  expect(messages[name]![0]).not.toMatch(/Index signature|is missing/);
});

it("async, a missing field: the message names the field missing from the 200 body", () => {
  expect(messages["async, a missing field"]).toHaveLength(1);
  expect(messages["async, a missing field"]![0]).toMatch(/Property 'external_id' is missing in type/);
  expect(messages["async, a missing field"]![0]).not.toMatch(/ApiError/);
});
