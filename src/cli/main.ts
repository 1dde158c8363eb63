#!/usr/bin/env node
import { contractTestCommand, contractTestHelp } from "./contract-test-command.js";
import { diffCommand, diffHelp } from "./diff-command.js";
import { mockCommand, mockHelp } from "./mock-command.js";
import { proxyCommand, proxyHelp } from "./proxy-command.js";
import { serveCommand, serveHelp } from "./serve-command.js";
import { signCommand, signHelp } from "./sign-command.js";
import { mcpCommand, mcpHelp } from "./mcp-command.js";
import { printable } from "../text/printable.js";
import { closest } from "../text/closest.js";
import { colourWanted, helpText, styled } from "../text/terminal.js";
import { UsageError } from "./usage-error.js";
import { packageVersion } from "../package-files.js";

type Command = { summary: string; help: string; run: (argv: string[]) => string | void | Promise<string | void> };

const commands: Record<string, Command> = {
  serve: { summary: "run the sandbox: docs, the document and a local API that checks signatures and keeps state", help: serveHelp, run: serveCommand },
  mock: { summary: "run a Prism contract mock of the document", help: mockHelp, run: mockCommand },
  "contract-test": { summary: "test whether a server keeps the contract (schema, errors, signing, nonces)", help: contractTestHelp, run: contractTestCommand },
  proxy: { summary: "check the contract on live traffic: forward to a server, report where exchanges leave the document", help: proxyHelp, run: proxyCommand },
  sign: { summary: "sign a private request: the exact body and the three signing headers, or a curl command", help: signHelp, run: signCommand },
  mcp: { summary: "serve the API to agents as an MCP server: read-only tools by default, signed with your key", help: mcpHelp, run: mcpCommand },
  diff: { summary: "compare two versions of the contract: what breaks a client, what is compatible", help: diffHelp, run: diffCommand },
};

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
