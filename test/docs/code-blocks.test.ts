// Every TypeScript and JavaScript block of the README and docs/ type-checks against the built
// package, imported by its name as a user imports it (the package's own name resolves to it).
// What a block takes for granted is said in an HTML comment before it ("checked with: ..."),
// invisible on the page; a block that cannot stand alone says where it runs instead ("not
// checked here: ..."). JavaScript blocks are checked without strict: as JavaScript (checkJs), or
// as TypeScript when a preamble declares what they take for granted (JavaScript cannot declare).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { root } from "../helpers/project.js";
import { typeChecker } from "../helpers/type-check.js";
// The end-to-end tier: what this file checks is dist/ (test/helpers/tiers.ts).
import "../helpers/fresh-dist.js";

type Block = { file: string; line: number; language: "ts" | "js"; code: string; marker?: { kind: "checked with" | "not checked here"; text: string } };

export function codeBlocks(file: string): Block[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const blocks: Block[] = [];
  for (const match of text.matchAll(/(?:^ *<!-- (checked with|not checked here): ([\s\S]*?) -->\n)?^( *)```(ts|js)\n([\s\S]*?)^\3```$/gm)) {
    const [, kind, said, indent, language, body] = match;
    const code = body!.split("\n").map((line) => line.slice(indent!.length)).join("\n");
    const marker = kind ? { kind: kind as "checked with" | "not checked here", text: said!.trim() } : undefined;
    blocks.push({ file, line: text.slice(0, match.index).split("\n").length + (marker ? 1 : 0), language: language as "ts" | "js", code, ...(marker ? { marker } : {}) });
  }
  return blocks;
}

const documents = ["README.md", ...readdirSync(path.join(root, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];
const blocks = documents.flatMap(codeBlocks);
// Inside the package's folder, so that its own name resolves to it; never under dist/, which ships.
const folder = path.join(root, "node_modules", ".cache", "txc-doc-blocks");
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it("finds the blocks, and every block not checked says where it runs instead", () => {
  expect(blocks.length).toBeGreaterThan(15);
  for (const block of blocks.filter((b) => b.marker?.kind === "not checked here")) expect(block.marker!.text, `${block.file}:${block.line}`).toMatch(/test\//);
});

it("type-checks every other block of the README and docs/ against the built package", () => {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const checked = blocks.filter((block) => block.marker?.kind !== "not checked here");
  const strict: string[] = [];
  const loose: string[] = [];
  for (const block of checked) {
    const preamble = block.marker?.kind === "checked with" ? `${block.marker.text}\n` : "";
    const name = `${block.file.replace(/[/.]/g, "-")}-${block.line}.${block.language === "js" && !preamble ? "js" : "ts"}`;
    // A file of its own module scope; the preamble on the first line, so that the block's lines stay its own.
    writeFileSync(path.join(folder, name), `${preamble}${block.code}\nexport {};\n`);
    (block.language === "ts" ? strict : loose).push(name);
  }
  const types = typeChecker(folder);
  const common = { target: "ES2022", module: "nodenext", moduleResolution: "nodenext", types: ["node"], noEmit: true, skipLibCheck: true };
  // As strict as the teams who copy them: a block must compile under their settings too.
  const ts = types.check({ compilerOptions: { ...common, strict: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true }, files: strict });
  const js = types.check({ compilerOptions: { ...common, allowJs: true, checkJs: true, strict: false }, files: loose });
  expect(ts.output + js.output).toBe("");
  expect(strict.length + loose.length).toBe(checked.length);
});
