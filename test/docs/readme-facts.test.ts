// The README and the guides restate neither the document nor package.json, so that adding an
// operation or a version leaves nothing stale in them: the client's methods they name are
// operations of the document, an operation count in words is the document's, and no tarball name
// carries a version.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { operationIds } from "../../generated/operations.js";
import { root } from "../helpers/project.js";

const readme = readFileSync(path.join(root, "README.md"), "utf8");
const guides = readdirSync(path.join(root, "docs")).filter((file) => file.endsWith(".md")).map((file) => readFileSync(path.join(root, "docs", file), "utf8")).join("\n");
const { name } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { name: string };
const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen"];

it("names only client methods that are operations of the document", () => {
  const called = [...(readme + guides).matchAll(/\bclient\.(\w+)\(/g)].map((match) => match[1]!)
    // The client's own paginate, and other clients the guides show: hey-api's setConfig, ioredis's eval.
    .filter((name) => !["paginate", "setConfig", "eval"].includes(name));
  expect(called.length).toBeGreaterThan(0);
  for (const name of called) expect(operationIds, name).toContain(name);
});

it("counts the operations as the document has them", () => {
  for (const [, count] of (readme + guides).matchAll(/\ball (\w+) operations\b/g)) expect(count).toBe(WORDS[operationIds.length]);
});

it("names the tarball npm pack writes without its version (README and examples/README): the package's name, any version", () => {
  const texts = readme + guides + readFileSync(path.join(root, "examples", "README.md"), "utf8");
  expect([...texts.matchAll(/\b[\w-]+-\d+\.\d+\.\d+\.tgz\b/g)].map((match) => match[0])).toEqual([]);
  const named = [...texts.matchAll(/\b([\w-]+)-(?:\*|<version>)\.tgz\b/g)].map((match) => match[1]);
  expect(named.length).toBeGreaterThan(0);
  for (const tarball of named) expect(tarball).toBe(name);
});
