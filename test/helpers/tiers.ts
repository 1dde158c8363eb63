// Which tier a test file runs in, read from what the file needs, never from a list: the file and
// every module of the repository it imports (test helpers, bench/, scripts/; src/ and generated/
// are what every tier tests) are read for the two things that cost time before a test starts.
//
//   fast         needs nothing built and starts nothing outside the test's process
//   integration  needs nothing built; starts real parts (Redis, PostgreSQL, nginx, bash, Node)
//   end-to-end   needs the build: dist/, the packed tarball, the rendered page
//
// A file that reaches dist/ only through a helper is still end-to-end; a file moved to src/ and
// main(argv) in-process moves down a tier by itself.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const RULE_FILE = "test/helpers/tiers.ts";

export type Tier = "fast" | "integration" | "end-to-end";
export const TIERS: readonly Tier[] = ["fast", "integration", "end-to-end"];

const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g;
/**
 * dist/ named as a path (an import, a path.join(root, "dist", …), a URL), the tarball the run packs,
 * or fresh-dist.ts imported: how a file that reaches dist/ otherwise (the package resolved by its
 * own name) says so.
 */
const NEEDS_BUILD = /["'`/]dist["'`/]|\bdistFile\b|packed-tarball|fresh-dist|\binject\(\s*["']tarball["']\s*\)|\b(?:from|import\()\s*["']txc-api(?:\/[^"']*)?["']/;
/** A file of the repository named in a string, such as a fixture a test runs in a process of its own. */
const NAMED_FILE = /["'`]((?:\.{1,2}\/|test\/|bench\/|scripts\/)[^"'`\s]+\.(?:mjs|js|ts))["'`]/g;
const STARTS_PROCESS = /["']node:child_process["']|["']child_process["']/;

/** The text without comments, so that a word in a comment decides nothing. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

/** The repository's files that `file` imports or names (src/, generated/ and node_modules/ left out). */
function importedFiles(file: string, text: string, root: string): string[] {
  const found: string[] = [];
  const named = [...text.matchAll(NAMED_FILE)].map(([, named]) => (named!.startsWith(".") ? named! : path.join(root, named!)));
  for (const specifier of [...[...text.matchAll(RELATIVE_IMPORT)].map(([, specifier]) => specifier!), ...named]) {
    const target = path.resolve(path.dirname(file), specifier);
    const inside = path.relative(root, target);
    if (inside.startsWith("..") || /^(src|generated|node_modules)\//.test(inside)) continue;
    const candidates = [target, target.replace(/\.js$/, ".ts"), target.replace(/\.mjs$/, ".mts")];
    const existing = candidates.find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile());
    if (existing) found.push(existing);
  }
  return found;
}

/** The tier of one test file (an absolute path) in the repository at `root`. */
export function tierOf(file: string, root: string, read = (at: string) => readFileSync(at, "utf8")): Tier {
  const seen = new Set<string>();
  const pending = [file];
  let startsProcess = false;
  while (pending.length) {
    const next = pending.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    // This file's patterns are the rule, not a need of the files that import it.
    if (path.relative(root, next) === RULE_FILE) continue;
    const text = code(read(next));
    if (NEEDS_BUILD.test(text)) return "end-to-end";
    startsProcess ||= STARTS_PROCESS.test(text);
    pending.push(...importedFiles(next, text, root));
  }
  return startsProcess ? "integration" : "fast";
}

/** Every test file under `root`/test, relative to root, by tier. */
export function testFilesByTier(root: string): Record<Tier, string[]> {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : entry.name.endsWith(".test.ts") ? [path.join(dir, entry.name)] : []));
  const byTier: Record<Tier, string[]> = { fast: [], integration: [], "end-to-end": [] };
  for (const file of walk(path.join(root, "test")).sort()) byTier[tierOf(file, root)].push(path.relative(root, file));
  return byTier;
}
