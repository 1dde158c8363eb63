// npm run release:baseline: keeps what a released version promises under releases/<version>/:
// openapi.json, the document the version gate and `npm run changelog` diff against, and
// dataset.json, the sandbox's built-in dataset as a `--data` file of that version, which every
// later version must still accept (test/sandbox/released-data.test.ts); and public-surface.txt,
// the exports and commands it ships (scripts/public-surface.mjs), which the version gate compares.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generatedDir, root } from "./project.mjs";

const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const dir = path.join(root, "releases", version);
if (existsSync(path.join(dir, "openapi.json"))) {
  console.error(`releases/${version}/openapi.json exists: a released contract is never rewritten; bump the version first.`);
  process.exit(2);
}
// The built dataset (npm run build first): the one the sandbox of this version serves.
const { builtInDataset } = await import("../dist/sandbox/dataset.js");
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "openapi.json"), readFileSync(path.join(generatedDir, "openapi.json")));
writeFileSync(path.join(dir, "dataset.json"), `${JSON.stringify(builtInDataset(), null, 2)}\n`);
const { publicSurface } = await import("./public-surface.mjs");
writeFileSync(path.join(dir, "public-surface.txt"), await publicSurface());
console.log(`releases/${version}/openapi.json, dataset.json and public-surface.txt written`);
