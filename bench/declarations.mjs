// How many declaration files a consumer's type check reads for `import ... from "txc-api"` beyond
// those of `txc-api/types`: the packed package installed into an empty project, TypeScript's
// --listFiles, the standard library and @types/node left out of both counts.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = new URL("..", import.meta.url).pathname;

export function declarationFiles() {
  const project = mkdtempSync(path.join(tmpdir(), "txc-declarations-"));
  try {
    execFileSync("npm", ["pack", "--ignore-scripts", "--pack-destination", project], { cwd: root, stdio: "ignore" });
    const tarball = readdirSync(project).find((file) => file.endsWith(".tgz"));
    writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "declarations", private: true, type: "module" }));
    execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", `./${tarball}`, "@types/node@20.19.43"], { cwd: project, stdio: "ignore" });
    writeFileSync(path.join(project, "types.ts"), 'import type { paths } from "txc-api/types";\nexport type Paths = paths;\n');
    writeFileSync(path.join(project, "full.ts"), 'import { createClient, type TxcClient } from "txc-api";\nexport const make: typeof createClient = createClient;\nexport type Client = TxcClient;\n');
    const read = (file) => execFileSync(path.join(root, "node_modules", ".bin", "tsc"), ["--noEmit", "--strict", "--module", "node16", "--moduleResolution", "node16", "--types", "node", "--listFiles", file], { cwd: project, encoding: "utf8" })
      .split("\n").filter((line) => line.includes("node_modules") && !line.includes("/typescript/lib/") && !line.includes("@types/node") && !line.includes("undici-types"));
    const typesOnly = read("types.ts");
    const full = read("full.ts");
    return { typesOnly: typesOnly.length, full: full.length, added: full.filter((file) => !typesOnly.includes(file)).map((file) => file.replace(/.*node_modules\//, "")) };
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(declarationFiles());
