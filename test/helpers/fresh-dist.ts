// Vitest's global setup: many tests run dist/ (the CLI, the bundles), so a dist/ older than what it
// is built from would test yesterday's code and fail in ways that mislead. Stop at once, saying why.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { root } from "./project.js";

/** The newest file under `at`, as [path, mtime]. */
function newest(at: string): [string, number] {
  const stat = statSync(at, { throwIfNoEntry: false });
  if (!stat) return ["", 0];
  if (!stat.isDirectory()) return [at, stat.mtimeMs];
  return readdirSync(at).map((entry) => newest(path.join(at, entry))).reduce((a, b) => (b[1] > a[1] ? b : a), ["", 0]);
}

export default function checkFreshDist() {
  const built = path.join(root, "dist", "bundle", "cli.js");
  const builtAt = statSync(built, { throwIfNoEntry: false })?.mtimeMs;
  if (builtAt === undefined) throw new Error("dist/ is not built: run npm run build first (npm test builds it before the tests)");
  for (const source of ["src", "generated"]) {
    const [file, changedAt] = newest(path.join(root, source));
    if (changedAt > builtAt) throw new Error(`dist/ is older than ${path.relative(root, file)}: run npm run build first (npm test builds it before the tests)`);
  }
}
