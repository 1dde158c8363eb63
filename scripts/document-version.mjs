// npm version's lifecycle ("version" script): `npm version minor --no-git-tag-version` sets
// package.json's version; this sets the document's info.version to it and regenerates, so that
// one command bumps the version in both places (the version-gate test holds them equal).
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root } from "./project.mjs";

const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const index = path.join(root, "openapi", "openapi.yaml");
const text = readFileSync(index, "utf8");
// info.version is the first "  version:" line under "info:" (the index's own layout).
const updated = text.replace(/^(info:\n(?:  .*\n)*?  version: ).*$/m, `$1${version}`);
if (updated === text && !text.includes(`  version: ${version}\n`)) throw new Error(`${path.relative(root, index)}: no info.version line found`);
writeFileSync(index, updated);
console.log(`openapi/openapi.yaml: info.version ${version}`);
execFileSync("npm", ["run", "generate"], { cwd: root, stdio: "inherit" });
