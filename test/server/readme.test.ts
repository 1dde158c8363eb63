// The server guide runs as copied (docs/server.md): its blocks are the example files the suite runs
// (test/server/kit.test.ts, signing-faults.test.ts, test/package/examples.test.ts), the framework
// servers among them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { root } from "../helpers/project.js";

const readme = readFileSync(path.join(root, "docs", "server.md"), "utf8");
const file = (name: string) => readFileSync(path.join(root, name), "utf8");
const codeBlocks = [...readme.matchAll(/```(?:js|ts)\n([\s\S]*?)```/g)].map((match) => match[1]!);

it.each(["examples/server-node/src/api.mjs", "examples/server-node/src/main.mjs", "examples/server-node/src/stores.mjs"])("the server guide shows %s whole", (name) => {
  expect(codeBlocks).toContain(file(name));
});

it.each(["node-http", "fastify", "express", "hono"])("the server guide shows examples/server-frameworks/src/%s.ts whole", (name) => {
  expect(codeBlocks).toContain(file(`examples/server-frameworks/src/${name}.ts`));
});
