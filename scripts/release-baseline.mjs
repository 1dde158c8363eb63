// npm run release:baseline: keeps the document of the version being released under
// releases/<version>/openapi.json, the baseline the version gate and `npm run changelog` diff against.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { generatedDir, root } from "./project.mjs";

const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const target = path.join(root, "releases", version, "openapi.json");
if (existsSync(target)) {
  console.error(`releases/${version}/openapi.json exists: a released contract is never rewritten; bump the version first.`);
  process.exit(2);
}
mkdirSync(path.dirname(target), { recursive: true });
copyFileSync(path.join(generatedDir, "openapi.json"), target);
console.log(`releases/${version}/openapi.json written`);
