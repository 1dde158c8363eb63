// node scripts/side-by-side.mjs SCRIPT...: runs these npm scripts at once (npm test's pretest: the
// docs page and the type check, each on its own core), and fails when one of them fails, after all
// have ended. Each one's output is printed whole when it ends, not interleaved.
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
const ran = await Promise.all(scripts.map((script) => new Promise((resolve) => {
  const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  child.on("close", (code) => {
    process.stdout.write(`> npm run ${script}\n${output}`);
    resolve({ script, code });
  });
})));
const failed = ran.filter(({ code }) => code !== 0).map(({ script, code }) => `${script} (exit ${code})`);
if (failed.length > 0) {
  console.error(`failed: ${failed.join(", ")}`);
  process.exit(1);
}
