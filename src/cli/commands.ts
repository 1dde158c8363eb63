// The commands of txc-api: each one's summary, help, flags and what runs it. main.ts dispatches on
// it; scripts/public-surface.mjs lists it in the public surface report.
import { contractTestCommand, contractTestFlags, contractTestHelp } from "./contract-test-command.js";
import { diffCommand, diffFlags, diffHelp } from "./diff-command.js";
import { mockCommand, mockFlags, mockHelp } from "./mock-command.js";
import { proxyCommand, proxyFlags, proxyHelp } from "./proxy-command.js";
import { serveCommand, serveFlags, serveHelp } from "./serve-command.js";
import { signCommand, signFlags, signHelp } from "./sign-command.js";
import { mcpCommand, mcpFlags, mcpHelp } from "./mcp-command.js";

export type Command = {
  summary: string;
  help: string;
  /** The flags parseArgs reads (the public surface report lists them). */
  flags: Readonly<Record<string, { type: "string" | "boolean"; multiple?: boolean; default?: string | boolean }>>;
  run: (argv: string[]) => string | void | Promise<string | void>;
};

export const commands: Record<string, Command> = {
  serve: { flags: serveFlags, summary: "run the sandbox: docs, the document and a local API that checks signatures and keeps state", help: serveHelp, run: serveCommand },
  mock: { flags: mockFlags, summary: "run a Prism contract mock of the document", help: mockHelp, run: mockCommand },
  "contract-test": { flags: contractTestFlags, summary: "test whether a server keeps the contract (schema, errors, signing, nonces)", help: contractTestHelp, run: contractTestCommand },
  proxy: { flags: proxyFlags, summary: "check the contract on live traffic: forward to a server, report where exchanges leave the document", help: proxyHelp, run: proxyCommand },
  sign: { flags: signFlags, summary: "sign a private request: the exact body and the three signing headers, or a curl command", help: signHelp, run: signCommand },
  mcp: { flags: mcpFlags, summary: "serve the API to agents as an MCP server: read-only tools by default, signed with your key", help: mcpHelp, run: mcpCommand },
  diff: { flags: diffFlags, summary: "compare two versions of the contract: what breaks a client, what is compatible", help: diffHelp, run: diffCommand },
};
