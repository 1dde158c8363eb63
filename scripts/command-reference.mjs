// docs/commands.md: the command reference, generated from the command line's own --help texts, so
// that it cannot say what the commands do not. `npm run docs:commands` writes it from the build;
// a test holds the committed file to it (test/docs/guides.test.ts).
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { isMain, root } from "./project.mjs";

export const commandReferenceFile = path.join(root, "docs", "commands.md");

const help = (...args) =>
  execFileSync(process.execPath, [path.join(root, "dist", "bundle", "cli.js"), ...args], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } }).trimEnd();

/** The commands `txc-api --help` lists, in its order. */
export function commandsListed(text = help("--help")) {
  const block = text.slice(text.indexOf("Commands:"), text.indexOf("\nOptions:"));
  return [...block.matchAll(/^ {2}([a-z-]+)\s/gm)].map((match) => match[1]).filter((command) => command !== "help");
}

export function commandReference() {
  const overview = help("--help");
  const sections = commandsListed(overview).flatMap((command) => [`## txc-api ${command}`, "", "```text", help(command, "--help"), "```", ""]);
  return [
    "# The command reference",
    "",
    "Generated from the `--help` texts by `npm run docs:commands` (scripts/command-reference.mjs): what `txc-api",
    "help COMMAND` prints, as it prints it.",
    "",
    "```text",
    overview,
    "```",
    "",
    ...sections,
  ].join("\n");
}

export function writeCommandReference() {
  writeFileSync(commandReferenceFile, commandReference());
}

if (isMain(import.meta.url)) writeCommandReference();
