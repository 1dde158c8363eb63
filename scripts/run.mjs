// Runs a command and fails with its output when it fails: build steps must not fail silently.
import { spawnSync } from "node:child_process";
import { root } from "./project.mjs";

export function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8", env: { ...process.env, REDOCLY_TELEMETRY: "off" } });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}
