// What the README restates of the document and of package.json is held to them, so that adding an
// operation or a version cannot leave it stale: the client's method list, the operation count in
// words, and the tarball's name.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { operationIds } from "../../generated/operations.js";
import { root } from "../helpers/project.js";

const readme = readFileSync(path.join(root, "README.md"), "utf8");
const { name, version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { name: string; version: string };
const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen"];

it("lists one client method per operation of the document, in its order", () => {
  const listed = /One method per operation: ((?:`\w+`,?\s*)+)\./.exec(readme.replace(/\n/g, " "))?.[1];
  expect(listed?.match(/\w+/g)).toEqual([...operationIds]);
});

it("counts the operations as the document has them", () => {
  for (const [, count] of readme.matchAll(/\ball (\w+) operations\b/g)) expect(count).toBe(WORDS[operationIds.length]);
});

it("names the tarball npm pack writes: name and version from package.json (README and examples/README)", () => {
  const texts = readme + readFileSync(path.join(root, "examples", "README.md"), "utf8");
  const tarballs = [...texts.matchAll(/\b([\w-]+-\d+\.\d+\.\d+)\.tgz\b/g)].map((match) => match[1]);
  expect(tarballs.length).toBeGreaterThan(0);
  for (const tarball of tarballs) expect(tarball).toBe(`${name}-${version}`);
});
