// The code every request runs through builds its objects without a spread followed by more
// fields ({ ...a, b }, { ...a, ...b }). On Node 20 (V8 11.3) each field after a spread costs about
// 1.7 µs, where a literal or Object.assign costs 0.1 (Node 22 and 24 do not have it): two such
// literals were 11 µs of the client's call at 32 in flight. Read with the TypeScript parser.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { expect, it } from "vitest";
import { root } from "../helpers/project.js";

/** Run once per request: the client's call, the transport, the kit's and the sandbox's answer, the proxy's forwarding. */
const PER_REQUEST = [
  "client/call.ts", "client/build-request.ts", "client/sign-call.ts", "client/read-answer.ts", "client/params.ts",
  "signing/body.ts", "signing/sign.ts", "signing/nonce.ts",
  "transport/undici.ts", "transport/undici-call.ts", "transport/answer-body.ts", "transport/fetch.ts", "transport/spread.ts", "transport/turns.ts",
  "validation/answer-conformance.ts", "validation/tied-answers.ts", "json/duplicate-keys.ts",
  "server/pipeline.ts", "server/verify.ts", "server/error-bodies.ts", "server/create-api-handler.ts", "server/node-adapter.ts",
  "sandbox/api-calls.ts", "proxy/forward.ts", "proxy/sign-unsigned.ts",
];

/** Each object literal of a file with a spread that is not its last member: `file:line`. */
function fieldsAfterSpread(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const spread = node.properties.findIndex(ts.isSpreadAssignment);
      if (spread >= 0 && spread < node.properties.length - 1) found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it("finds a field after a spread, and none after the last member", () => {
  expect(fieldsAfterSpread("a.ts", "const a = { ...b, c };\nconst d = { ...e, ...f };")).toEqual(["a.ts:1", "a.ts:2"]);
  expect(fieldsAfterSpread("a.ts", "const a = { c, ...b };\nconst d = Object.assign({}, e, f);")).toEqual([]);
});

it("the code every request runs through adds no field after a spread", () => {
  const found = PER_REQUEST.flatMap((file) => fieldsAfterSpread(`src/${file}`, readFileSync(path.join(root, "src", file), "utf8")));
  expect(found).toEqual([]);
});
