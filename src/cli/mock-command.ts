import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import { checkListenable, portFrom } from "./options.js";
import { bundledDocument } from "../package-files.js";
import { UsageError } from "./usage-error.js";

export const mockHelp = `Usage: txc-api mock [--host HOST] [--port PORT] [-- PRISM_OPTIONS]

Runs a Prism contract mock of the bundled document (default http://127.0.0.1:4010): it answers
the documented examples, checks request bodies, and checks that the three signing headers are
present, but not the signature (use txc-api serve for that). Needs @stoplight/prism-cli
(npm install --save-dev @stoplight/prism-cli@5.14.2). Options after -- go to prism mock.

Examples:
  txc-api mock
  txc-api mock --port 4011 -- --dynamic
      with --dynamic, answers are generated from the schemas instead of the documented examples

Then, in another terminal, the checks a mock that does not verify signatures can pass:
  txc-api contract-test --base-url http://127.0.0.1:4010 --checks positive,negative,auth-headers,public`;

function prismBin(): string {
  const require = createRequire(import.meta.url);
  let manifest: string;
  try {
    manifest = require.resolve("@stoplight/prism-cli/package.json");
  } catch {
    throw new UsageError("txc-api mock needs Prism: npm install --save-dev @stoplight/prism-cli@5.14.2");
  }
  const { bin } = require(manifest) as { bin: string | Record<string, string> };
  return path.join(path.dirname(manifest), typeof bin === "string" ? bin : bin.prism);
}

/** The flags, as parseArgs reads them (and the public surface report lists them). */
export const mockFlags = { host: { type: "string", default: "127.0.0.1" }, port: { type: "string" } } as const;

export async function mockCommand(argv: string[]): Promise<void> {
  const split = argv.indexOf("--");
  const { values } = parseArgs({
    args: split >= 0 ? argv.slice(0, split) : argv,
    options: mockFlags,
    strict: true,
  });
  const port = portFrom(values.port, 4010);
  // Prism answers a busy port with its whole help text: say it in one line before starting it.
  await checkListenable(values.host!, port);
  const prism = spawn(
    process.execPath,
    [prismBin(), "mock", bundledDocument, "--host", values.host!, "--port", String(port), ...(split >= 0 ? argv.slice(split + 1) : [])],
    { stdio: "inherit" },
  );
  const forward = (signal: NodeJS.Signals) => prism.kill(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  const code = await new Promise<number | null>((resolve) => prism.once("exit", resolve));
  process.exitCode = code ?? 0;
}
