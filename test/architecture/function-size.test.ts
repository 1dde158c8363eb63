// No function of src/ or scripts/ runs past 60 lines: one that does holds several jobs, each of
// which wants a name. Measured with the TypeScript parser, as a maintainer's tools would.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { expect, it } from "vitest";
import { root } from "../helpers/project.js";

const MOST_LINES = 60;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|mjs|js)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

function longFunctions(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      if (last - first + 1 > MOST_LINES) found.push(`${path.relative(root, file)}:${first + 1} (${last - first + 1} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it(`no function in src/ or scripts/ is longer than ${MOST_LINES} lines`, () => {
  const files = [...sourceFiles(path.join(root, "src")), ...sourceFiles(path.join(root, "scripts"))];
  expect(files.length).toBeGreaterThan(100);
  expect(files.flatMap(longFunctions)).toEqual([]);
});
