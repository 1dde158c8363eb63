// npm run build, last: keeps in dist/ only the declaration files an export of the package reaches
// (each entry's, and what they import), so that the tarball ships no declaration of the command
// line, the sandbox's internals or the diff that nothing can import.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { isMain, root } from "./project.mjs";

const dist = path.join(root, "dist");
/** The declaration files the exports map names (package.json "exports" and "typesVersions"). */
export function entryDeclarations() {
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const named = Object.values(manifest.exports).flatMap((target) => (typeof target === "object" ? [target.types] : []));
  return named.filter((file) => file?.startsWith("./dist/")).map((file) => path.join(root, file));
}

const RELATIVE = /(?:from\s+|import\s*\(\s*)["'](\.{1,2}\/[^"']+)["']/g;

/** Every declaration file reached from the entries through relative imports. */
export function reachedDeclarations(entries = entryDeclarations()) {
  const reached = new Set();
  const visit = (file) => {
    if (reached.has(file) || !existsSync(file)) return;
    reached.add(file);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(RELATIVE)) {
      visit(path.resolve(path.dirname(file), specifier.replace(/\.js$/, ".d.ts")));
    }
  };
  entries.forEach(visit);
  return reached;
}

function allDeclarations(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return allDeclarations(full);
    return entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

export function pruneDeclarations() {
  const keep = reachedDeclarations();
  const pruned = allDeclarations(dist).filter((file) => !keep.has(file));
  for (const file of pruned) rmSync(file);
  return { kept: keep.size, pruned: pruned.length };
}

if (isMain(import.meta.url)) {
  const { kept, pruned } = pruneDeclarations();
  console.log(`declarations: ${kept} reached by an export kept, ${pruned} removed`);
}
