// The server guide runs as copied (docs/server.md): its blocks are the example files the suite runs
// (test/server/kit.test.ts, signing-faults.test.ts, test/package/examples.test.ts), and the
// Fastify and Express lines are those the examples and express.test.ts run.
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

it("the Fastify and Express lines are the ones that run", () => {
  const fastify = file("examples/server-fastify/src/server.mjs");
  for (const line of ['app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));', "app.removeAllContentTypeParsers();"]) {
    expect(fastify).toContain(line);
    expect(readme).toContain(line);
  }
  const express = file("test/server/express.test.ts");
  for (const line of ['app.use("/api/v4", express.raw({ type: () => true }), async (request, response) => {', "response.status(answer.status).set(answer.headers).send(answer.body);"]) {
    expect(express).toContain(line);
    expect(readme).toContain(line);
  }
});
