// A handler answering the wrong shape fails to compile with a message that names the field and its
// rule, sync or async, not one about ApiError's missing properties (strict settings, as teams use).
import path from "node:path";
import ts from "typescript";
import { expect, it } from "vitest";
import { root } from "../helpers/project.js";

const OPTIONS: ts.CompilerOptions = {
  strict: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true, noEmit: true, skipLibCheck: true,
  target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, types: ["node"],
};

/** The messages (with their chains) of compiling `handler` as getMainBalance's handler. */
function messagesFor(handler: string): string[] {
  const file = path.join(root, "test", "types", "fixtures", "wrong-answer.ts");
  const source = `import { apiError, createApiHandler, type Handlers } from "../../../src/server-entry.js";
const handlers: Handlers = { ...({} as Omit<Handlers, "getMainBalance">), getMainBalance: ${handler} };
createApiHandler({ keys: () => undefined, handlers });
export const unused = apiError;`;
  const host = ts.createCompilerHost(OPTIONS);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) => (name === file ? ts.createSourceFile(name, source, version) : read(name, version, ...rest));
  host.fileExists = ((exists) => (name: string) => name === file || exists(name))(host.fileExists.bind(host));
  const program = ts.createProgram({ rootNames: [file], options: OPTIONS, host });
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
}

it.each([
  ["sync, a literal key", "() => ({ BTC: { main_balance: 0.5 } })"],
  ["async, a literal key", "async () => ({ BTC: { main_balance: 0.5 } })"],
  ["async, a computed key", "async ({ body }) => ({ [body.ticker ?? \"BTC\"]: { main_balance: 0.5 } })"],
])("%s: the message names main_balance and its type, not ApiError", (_case, handler) => {
  const messages = messagesFor(handler);
  expect(messages).toHaveLength(1);
  expect(messages[0]).toMatch(/Types of property 'main_balance' are incompatible\.\n\s*Type 'number' is not assignable to type 'string'\./);
  expect(messages[0]).not.toMatch(/ApiError/);
}, 120_000);

it("an async handler that answers either its body or an ApiError still compiles", () => {
  expect(messagesFor("async ({ body }) => (body.ticker ? { [body.ticker]: { main_balance: \"1\" } } : apiError(404, \"No such ticker.\"))")).toEqual([]);
}, 120_000);
