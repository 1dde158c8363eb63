#!/usr/bin/env node
import { commands, type Command } from "./commands.js";
import { printable } from "../text/printable.js";
import { closest } from "../text/closest.js";
import { colourWanted, helpText, styled } from "../text/terminal.js";
import { UsageError } from "./usage-error.js";
import { packageVersion } from "../package-files.js";


const mainHelp = `Usage: txc-api <command> [options]

Commands:
${Object.entries(commands).map(([name, { summary }]) => `  ${name.padEnd(15)} ${summary}`).join("\n")}
  help COMMAND    a command's options (as txc-api COMMAND --help)

Options:
  --help, -h      this help
  --version, -v   the package version`;

const version = packageVersion;
const printHelp = (text: string) => console.log(helpText(text, colourWanted(process.stdout)));

function commandNamed(name: string): Command {
  const command = commands[name];
  if (command) return command;
  const suggestion = closest(name, Object.keys(commands));
  throw new UsageError(`unknown command ${printable(name, 60)}${suggestion ? `: did you mean ${suggestion}?` : ""} (txc-api --help lists them)`);
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h") {
    printHelp(mainHelp);
    return name ? 0 : 2;
  }
  if (name === "--version" || name === "-v") {
    console.log(version());
    return 0;
  }
  if (name === "help") {
    printHelp(rest[0] === undefined ? mainHelp : commandNamed(rest[0]).help);
    return 0;
  }
  const command = commandNamed(name);
  if (rest.includes("--help") || rest.includes("-h")) {
    printHelp(command.help);
    return 0;
  }
  const output = await command.run(rest);
  if (output !== undefined) console.log(output);
  return Number(process.exitCode ?? 0);
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    const usage = error instanceof UsageError || (error as NodeJS.ErrnoException).code?.startsWith("ERR_PARSE_ARGS");
    console.error(`${styled(colourWanted(process.stderr), "red", "txc-api:")} ${usage ? error.message : error.stack ?? error.message}`);
    process.exitCode = usage ? 2 : 1;
  },
);
