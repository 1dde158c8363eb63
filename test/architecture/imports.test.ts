// ARCHITECTURE.md says, folder by folder, what each part of src/ imports: held to the code, so that
// it cannot drift again. A folder's claim is the backticked names of its "Imports ..." sentence
// ("nothing of `src/`", "everything above" and "types of `x`" read as they say).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { root } from "../helpers/project.js";

const architecture = readFileSync(path.join(root, "ARCHITECTURE.md"), "utf8");
const src = path.join(root, "src");

/**
 * The folders of src/ a folder's modules import (generated/ as "generated"), from their import and
 * re-export statements: each with whether every import of it is of types only (`import type`,
 * `export type`), which is what "types of" claims.
 */
function importedFolders(folder: string): Map<string, { typesOnly: boolean }> {
  const found = new Map<string, { typesOnly: boolean }>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.(ts|js)$/.test(entry.name)) {
        const statements = readFileSync(full, "utf8").matchAll(/(?:(?:^|\n)\s*(import|export)\s+(type\s+)?[^"]*?from|\bimport\s*\()\s*"(\.{1,2}\/[^"]+)"/g);
        for (const [, kind, specifier] of Array.from(statements, (m) => [m[0], m[2] ? "type" : "value", m[3]] as const)) {
          const target = path.relative(root, path.resolve(path.dirname(full), specifier!));
          const [top, second] = target.split(path.sep);
          // A top-level file of src/ counts under its name without the extension ("package-files").
          const name = top === "generated" ? "generated" : top === "src" && second ? second.replace(/\.[jt]s$/, "") : undefined;
          if (!name || name === folder) continue;
          found.set(name, { typesOnly: (found.get(name)?.typesOnly ?? true) && kind === "type" });
        }
      }
    }
  };
  visit(path.join(src, folder));
  return found;
}

/**
 * What ARCHITECTURE.md claims a folder imports: the backticked names after "Imports" in its
 * paragraph; those after "types of" (or "types only from") are claimed as types only.
 */
function claimed(folder: string): { names: Set<string>; typesOnly: Set<string>; nothing: boolean; everything: boolean } {
  // A paragraph opens with its folders in bold: "**`src/text`, `src/json`** — ...".
  const start = [...architecture.matchAll(/^\*\*[^\n]*\*\*/gm)].find((match) => match[0].includes(`\`src/${folder}\``))!.index!;
  const end = architecture.indexOf("\n\n**", start + 1);
  const paragraph = architecture.slice(start, end < 0 ? undefined : end).replace(/\s+/g, " ");
  const sentence = /\bImports? ([^.]*)\./.exec(paragraph)?.[1] ?? "";
  const namesIn = (text: string) => new Set([...text.matchAll(/`([\w-]+)`/g)].map((match) => match[1]!));
  const typesAt = sentence.search(/types (?:only )?(?:of|from)/);
  return {
    names: namesIn(sentence),
    typesOnly: typesAt < 0 ? new Set() : namesIn(sentence.slice(typesAt)),
    nothing: /^nothing/.test(sentence),
    everything: /^everything/.test(sentence),
  };
}

const folders = readdirSync(src, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

it("names every top-level file of src/ (a folder importing one says so in its sentence, as of a folder)", () => {
  const files = readdirSync(src, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
  for (const file of files) expect(architecture, file).toContain(`\`src/${file}\``);
});

it("describes every folder of src/", () => {
  const headings = [...architecture.matchAll(/^\*\*[^\n]*\*\*/gm)].map((match) => match[0]).join("\n");
  for (const folder of folders) expect(headings, folder).toContain(`\`src/${folder}\``);
});

it.each(folders)("src/%s imports what ARCHITECTURE.md says, no more and no less, types only where it says types of", (folder) => {
  const claim = claimed(folder);
  const imported = importedFolders(folder);
  if (claim.everything) return expect(imported.size).toBeGreaterThan(0);
  const actual = [...imported.keys()].sort();
  // "nothing of src/ but its own files" still allows the generated modules it names, if any.
  expect(actual.filter((name) => !claim.nothing || name !== "generated")).toEqual(claim.nothing ? [] : [...claim.names].sort());
  const valuesClaimedAsTypes = [...claim.typesOnly].filter((name) => imported.get(name)?.typesOnly === false);
  expect(valuesClaimedAsTypes, `imported as values, though ARCHITECTURE.md says "types of"`).toEqual([]);
});
