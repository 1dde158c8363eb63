// Brings the build up to date: the compiled package and the served docs page, each only when
// missing or older than what it is made from, saying which file is newer. `npm start` runs it before
// the sandbox, and `npm pack` (prepack) before packing: what one built, the other reuses.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { isMain, root, servedDocsFile } from "./project.mjs";
import { buildServedDocs } from "./docs.mjs";
import { buildPackage } from "./build.mjs";

/** The newest file under these paths (folders walked), as [path, mtime]. */
function newest(paths) {
  let found = ["", 0];
  for (const at of paths) {
    const stat = statSync(at, { throwIfNoEntry: false });
    if (!stat) continue;
    if (stat.isDirectory()) {
      for (const entry of readdirSync(at)) {
        const inner = newest([path.join(at, entry)]);
        if (inner[1] > found[1]) found = inner;
      }
    } else if (stat.mtimeMs > found[1]) {
      found = [at, stat.mtimeMs];
    }
  }
  return found;
}

/** Why `output` needs building from `sources`, or undefined when it is up to date. */
function staleness(output, sources) {
  if (!existsSync(output)) return `${path.relative(root, output)} is missing`;
  const [source, changed] = newest(sources.map((source) => path.join(root, source)));
  return changed > statSync(output).mtimeMs ? `${path.relative(root, source)} is newer than ${path.relative(root, output)}` : undefined;
}

export const cliFile = path.join(root, "dist", "bundle", "cli.js");
const steps = [
  [cliFile, ["src", "generated", "tsconfig.build.json", "scripts/build.mjs", "scripts/bundle-entries.mjs", "scripts/prune-declarations.mjs"], "Building the package (npm run build)", () => buildPackage()],
  [servedDocsFile, ["generated/openapi.json", "generated/workflows.arazzo.json", "src/workflows", "src/json", "src/signing", "scripts/docs.mjs", "scripts/served-docs.mjs", "scripts/using-this-package.md", "scripts/code-samples.mjs", "scripts/docs-assets", "README.md", "docs", "CHANGELOG.md"], "Rendering the docs (npm run docs)", () => buildServedDocs()],
];

export async function bringUpToDate() {
  for (const [output, sources, doing, build] of steps) {
    const why = staleness(output, sources);
    if (!why) continue;
    console.log(`${doing}: ${why}...`);
    await build();
  }
}

if (isMain(import.meta.url)) {
  await bringUpToDate();
  console.log("The package and the docs page are up to date.");
}
