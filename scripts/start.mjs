// npm start: bring the build up to date (scripts/up-to-date.mjs: the compiled CLI, the served docs
// page, each only when missing or older than what it is made from), then run `txc-api serve` with
// the arguments given (npm start -- --port 9000). generated/ is committed and checked by the
// tests; after editing openapi/, run `npm run generate` first.
import { spawn } from "node:child_process";
import { bringUpToDate, cliFile } from "./up-to-date.mjs";

await bringUpToDate();
const server = spawn(process.execPath, [cliFile, "serve", ...process.argv.slice(2)], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
// npm does not pass a SIGTERM on to its script (CI's `kill $!`): when npm has gone, stop too.
const npm = process.ppid;
setInterval(() => process.ppid !== npm && server.kill("SIGTERM"), 250).unref();
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
