// npm start: bring the build up to date (the compiled CLI, the served docs page), each only when
// missing or older than what it is made from, saying which file is newer; then run `txc-api serve`
// with the arguments given (npm start -- --port 9000). generated/ is committed and checked by the
// tests; after editing openapi/, run `npm run generate` first.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { root, servedDocsFile } from "./project.mjs";
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

const cli = path.join(root, "dist", "bundle", "cli.js");
const steps = [
  [cli, ["src", "generated", "tsconfig.build.json", "scripts/build.mjs", "scripts/bundle-entries.mjs", "scripts/prune-declarations.mjs"], "Building the package (npm run build)", () => buildPackage()],
  [servedDocsFile, ["generated/openapi.json", "generated/workflows.arazzo.json", "src/workflows", "src/json", "scripts/docs.mjs", "scripts/served-docs.mjs", "scripts/using-this-package.md", "scripts/code-samples.mjs", "scripts/docs-assets", "README.md", "docs", "CHANGELOG.md"], "Rendering the docs (npm run docs)", () => buildServedDocs()],
];
for (const [output, sources, doing, build] of steps) {
  const why = staleness(output, sources);
  if (!why) continue;
  console.log(`${doing}: ${why}...`);
  await build();
}
const server = spawn(process.execPath, [cli, "serve", ...process.argv.slice(2)], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
// npm does not pass a SIGTERM on to its script (CI's `kill $!`): when npm has gone, stop too.
const npm = process.ppid;
setInterval(() => process.ppid !== npm && server.kill("SIGTERM"), 250).unref();
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
