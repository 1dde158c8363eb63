// npm start: build what is missing (the compiled CLI, the docs page), then run `txc-api serve`
// with the arguments given (npm start -- --port 9000).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { root, servedDocsFile } from "./project.mjs";
import { buildServedDocs } from "./docs.mjs";
import { run } from "./run.mjs";

const cli = path.join(root, "dist", "cli", "main.js");
if (!existsSync(cli)) {
  console.log("Building the package (npm run build)...");
  run(path.join(root, "node_modules", ".bin", "tsc"), ["-p", "tsconfig.build.json"]);
}
if (!existsSync(servedDocsFile)) {
  console.log("Rendering the docs (npm run docs)...");
  await buildServedDocs();
}
const server = spawn(process.execPath, [cli, "serve", ...process.argv.slice(2)], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
