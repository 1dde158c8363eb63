import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { printable } from "../text/printable.js";
import { CHECK_NAMES, describeCheck } from "../contract/checks/registry.js";
import { operationIds, operationIndex } from "../../generated/operations.js";
import { NdjsonReport, writeJUnit } from "../contract/report-files.js";
import { progressLine, summary, summaryLine } from "../contract/report-text.js";
import { notSelected } from "../contract/selection.js";
import { FixturesError, loadFixtures, type FixtureLists } from "../contract/fixtures.js";
import { debugLine } from "../client/debug-log.js";
import { DEFAULT_TIMEOUT_MS } from "../transport/defaults.js";
import { CONNECTIONS_RANGE, DEFAULT_CONNECTIONS } from "../transport/turns.js";
import { MAX_TIMER_MS } from "../rate-limits/waiting.js";
import { runPlan } from "../contract/run.js";
import { exitCodeOf } from "../contract/run/report.js";
import { CLI_WORDING, DEFAULT_MAX_RATE_LIMIT_WAIT_MS, OptionError, resolveTesterOptions, type TesterOptions } from "../contract/tester-options.js";
import { readCredentials, readKeysFile } from "./credentials.js";
import { colourWanted, styled, wrap } from "../text/terminal.js";
import { UsageError } from "./usage-error.js";
import { parseMinCoverage, type MinCoverage } from "../validation/coverage.js";
import { oncePerFlags } from "../validation/once-per.js";

/** The operations the document marks as state-changing (x-state-changing). */
const STATE_CHANGING = operationIds.filter((id) => operationIndex[id].stateChanging);

export const contractTestHelp = `Usage: txc-api contract-test --base-url URL [options]

Tests whether a server keeps the contract of the API document: every case and check comes from
the document. Credentials come from TXC_API_KEY and TXC_API_SECRET (or --api-secret-file, or
--keys); an ordinary account's key in TXC_API_KEY_BASIC and TXC_API_SECRET_BASIC adds the
partner-only check.

A run starts by proving the target and the credentials from what the server has: the ping when
it answers ["pong"], else any selected read-only operation answering in the document's shape;
then one signed read-only call per key. Nothing is printed before that. When nothing answers like
this API, or a key is refused with 401 (or is not a business partner's where the run needs one),
the run ends at once, exit 2, with one line naming what was tried. A documented path answering
JSON of another shape is this API with a defect: the run goes on and reports it (exit 1), unless
an undocumented path answers 2xx too. A run ends once the clock has
passed every nonce it sent, so that the next run with the same key starts in order.

A server still being built: an operation answering 404, 405 or 501 (or a status the document
never gives it) to every request is one failure, "not implemented", not one per check; the run
goes on with the others. List the operations not written yet with --expect-not-implemented and
the run can pass while they are missing. A workflow whose step meets an operation not
implemented is reported once, "blocked", and charged to no operation. Each operation has one
verdict, the same in every report: passed, failed, not implemented, not selected or not exercised.

Options:
  --base-url URL               the server to test, such as http://127.0.0.1:8080, or with a path
                               prefix behind a gateway (required)
  --operation ID               test only this operation (repeatable; default: all)
  --expect-not-implemented ID  an operation the server does not have yet (repeatable, or
                               comma-separated): answering 404, 405 or 501 to every request, it
                               passes as "not implemented, as expected"; once it answers, it is
                               tested as usual and a note says to take it off the list
  --once-per OP=FIELD[,FIELD]  a once-only rule your server adds where the document is silent,
                               such as refundDeposit=transaction_id (repeatable): raced with
                               --include-mutations as the document's x-once-per is (the server
                               kit's oncePer, the same declaration)
  --checks LIST                comma-separated checks to run (default: all but rate-limits), of:
${CHECK_NAMES.map((check) => `                                 ${check.padEnd(15)} ${describeCheck(check)}`).join("\n")}
${wrap(`  --include-mutations          also send the state-changing operations (${STATE_CHANGING.join(", ")}) and run the API's workflows (the sequences check). Off by default: never point this at a real account without knowing what it does.`, 100)}
  --fixtures FILE              real request fields by operation, such as {"applyCode": {"code":
                               "..."}, "refundDeposit": {"transaction_id": "...", "address": "..."}}:
                               each must be answered 200; the workflows take their inputs from them
                               instead of the documented examples (which only the sandbox holds). A
                               list per operation, such as {"applyCode": [{"code": "A"}, {"code":
                               "B"}, {"code": "C"}]}, lets runs back to back pass: each value of a
                               state-changing operation is spent once a run (the workflow's, the
                               replay's, the race's: a code takes three), and one used up by an
                               earlier run (refused 4xx) gives way to the next, saying so
  --keys FILE                  several main keys instead of TXC_API_KEY: a JSON array of
                               {"apiKey": "...", "apiSecret": "..."}; worker i signs with key i,
                               to spread the load (one key's nonces stay in order at any
                               --concurrency: its requests share one connection)
  --seed N                     seed of the generated requests (default 1): the same seed, the same run
  --examples-per-operation N   generated valid requests per operation (default 10), besides the
                               documented examples and every enum value and bound
  --timeout MS                 per request (default ${DEFAULT_TIMEOUT_MS}, at most ${MAX_TIMER_MS})
  --concurrency N              requests in flight (default 1)
  --connections N              connections per key (default ${DEFAULT_CONNECTIONS}, ${CONNECTIONS_RANGE.least} to ${CONNECTIONS_RANGE.most}): a key's requests in
                               a row take them in turn (those in flight together share one, in
                               order), so that several processes behind one address each get
                               some; a replay is resent on N connections of its own at once,
                               and a race sends N requests at once (at least one per key held),
                               the keys taking the places in turn
  --verbose                    print a line to stderr for each request sent: time, operation,
                               status, duration, nonce, body size (never a secret or signature)
  --proxy URL                  send through this forward proxy (http://host:port); without it,
                               HTTP_PROXY, HTTPS_PROXY and NO_PROXY are honoured as curl does
  --no-pacing                  send as fast as --concurrency allows, ignoring the document's rate
                               limits: only for a server that does not enforce them (such as
                               txc-api serve --no-rate-limits)
  --max-wait SECONDS           most time spent in all keeping quiet after 429 answers (default ${DEFAULT_MAX_RATE_LIMIT_WAIT_MS / 1000}:
                               Retry-After, else a whole documented period of the scope); after
                               that a 429 fails its check at once
  --max-time SECONDS           deadline of the whole run; checks not started by then fail the run
  --max-failures N             stop after N failed checks (the run fails)
  --allow-partial              pass a run that leaves something asked for unexercised; without it,
                               an operation named with --operation that no case reached (such as
                               one that changes state, without --include-mutations), or a check
                               named with --checks that ran nowhere, fails the run, saying why.
                               The summary line says it was allowed. It never passes a run that
                               exercised nothing, a failed check, or an operation not implemented
                               (for those, --expect-not-implemented)
  --min-coverage LIST          fail the run below this coverage of the document, such as
                               operations=100,statuses=60: the percentage of its operations
                               exercised, and of the statuses it documents (all operations) that
                               were observed. The coverage is printed, in the NDJSON summary and
                               as JUnit properties, with or without this option
  --junit FILE                 also write JUnit XML (checked writable before the run): a test
                               case per check, skipped cases for what was not selected, and an
                               <error> naming the cause when the run ends early
  --json FILE                  also write NDJSON, one line per check result, a line per thing not
                               selected, an error line when the run ends early, and a closing
                               summary line; - for stdout (the readable report then goes to stderr)
  --api-secret-file FILE       read the API secret from FILE instead of TXC_API_SECRET

Against a mock that does not verify signatures (Prism, txc-api mock), run
  --checks positive,negative,auth-headers,public

What passes: a valid request to a read-only operation gets 200; a state-changing one may be
refused only with a documented 4xx keyed by its own fields (other keys are reported as drift),
and never for a value whose validity the schema alone decides (a bound, an enum value, a
boolean); every answer is JSON, refusals and 404 included; every operation answers 2xx at least
once; a 429 is waited out (up to 3 times) and never passes; a redirect is a violation and is
never followed, so no credential reaches another origin. A failing generated request is shrunk
(fields dropped, values brought to their bounds) to the smallest one that still fails before it
is reported. rate-limits (opt-in, --checks rate-limits) waits one quiet period, sends each
documented limit's worth of requests and expects 429 to the next one, and not before.

What it never does: follow a redirect, print a secret, send a state-changing request without
--include-mutations, or exceed the documented rate limits unless --no-pacing or rate-limits says so.

Reports are written whatever ends the run (the start's refusal, the server stopping, SIGINT or
SIGTERM, --max-time), and the text report always ends with its summary line.

Exit status: 0 only when every planned check ran and passed; 1 on any violation, an operation
not implemented (unless listed with --expect-not-implemented), when nothing was checked, or when
--max-time, --max-failures, SIGINT or SIGTERM stopped the run; 2 on usage errors, refused
credentials, a target where nothing answers like this API, or when the server cannot be reached,
closes connections or stops answering (the run is incomplete). Each failure shows what was
expected, what came back, what the server said, and a command that reproduces it; identical
failures are shown once, with their count.`;

/** A number as the command line gives it: digits only, else NaN (which its option's rule refuses). */
const numberOf = (value: string | undefined, unit = 1): number | undefined => (value === undefined ? undefined : /^\d+$/.test(value.trim()) ? Number(value) * unit : NaN);

/** The flags, as parseArgs reads them (and the public surface report lists them). */
export const contractTestFlags = {
  "base-url": { type: "string" },
  operation: { type: "string", multiple: true },
  checks: { type: "string" },
  "include-mutations": { type: "boolean", default: false },
  seed: { type: "string" },
  "examples-per-operation": { type: "string" },
  timeout: { type: "string" },
  concurrency: { type: "string" },
  connections: { type: "string" },
  "max-wait": { type: "string" },
  "max-time": { type: "string" },
  "no-pacing": { type: "boolean", default: false },
  "max-failures": { type: "string" },
  fixtures: { type: "string" },
  keys: { type: "string" },
  proxy: { type: "string" },
  verbose: { type: "boolean", default: false },
  junit: { type: "string" },
  json: { type: "string" },
  "api-secret-file": { type: "string" },
  "allow-partial": { type: "boolean", default: false },
  "min-coverage": { type: "string" },
  "expect-not-implemented": { type: "string", multiple: true },
  "once-per": { type: "string", multiple: true },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof contractTestFlags; strict: true }>>["values"];

/** The run as the command line asks for it, every option checked: a UsageError names the first wrong one. */
function runOptionsOf(values: Values): TesterOptions {
  try {
    return resolveTesterOptions({
      baseUrl: values["base-url"],
      identities: values.keys === undefined ? [readCredentials(values["api-secret-file"])] : readKeysFile(values.keys),
      basic: basicIdentity(),
      proxy: values.proxy,
      fixtures: fixturesOption(values.fixtures),
      operations: values.operation,
      checks: values.checks?.split(",").map((name) => name.trim()),
      expectNotImplemented: values["expect-not-implemented"]?.flatMap((list) => list.split(",").map((id) => id.trim()).filter(Boolean)),
      allowPartial: values["allow-partial"],
      ...(values["once-per"] === undefined ? {} : { oncePer: oncePerFlags(values["once-per"]) }),
      ...(values["min-coverage"] === undefined ? {} : { minCoverage: minCoverageOption(values["min-coverage"]) }),
      includeMutations: values["include-mutations"],
      seed: numberOf(values.seed),
      examplesPerOperation: numberOf(values["examples-per-operation"]),
      timeoutMs: numberOf(values.timeout),
      concurrency: numberOf(values.concurrency),
      connections: numberOf(values.connections),
      pacing: !values["no-pacing"],
      maxRateLimitWaitMs: numberOf(values["max-wait"], 1000),
      maxTimeMs: numberOf(values["max-time"], 1000),
      maxFailures: numberOf(values["max-failures"]),
    }, CLI_WORDING);
  } catch (error) {
    if (error instanceof OptionError) throw new UsageError(printable(error.message, 400));
    throw error;
  }
}

function minCoverageOption(text: string): MinCoverage {
  const parsed = parseMinCoverage(text);
  if (typeof parsed === "string") throw new UsageError(`--min-coverage ${parsed}`);
  return parsed;
}

function fixturesOption(file: string | undefined): FixtureLists | undefined {
  try {
    return file === undefined ? undefined : loadFixtures(file);
  } catch (error) {
    if (error instanceof FixturesError) throw new UsageError(`--fixtures ${error.message}`);
    throw error;
  }
}

/** The header, printed once the start has proven the target: what is tested, with which checks. */
function header(run: TesterOptions): string {
  const idle = new Set(notSelected({ ...run, hasBasicIdentity: run.basic !== undefined }).checks.map((entry) => entry.check));
  return wrap(`Contract-testing ${run.baseUrl} (checks: ${[...run.checks].filter((check) => !idle.has(check)).join(", ")})`, 100);
}

/** Stops the run on SIGINT or SIGTERM (what CI sends to cancel a job) so that its reports are written; a second signal ends the process. */
function stopOnSignals(controller: AbortController): () => void {
  const stop = (signal: NodeJS.Signals) => controller.abort(signal);
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  return () => {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  };
}

export async function contractTestCommand(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: contractTestFlags, strict: true });
  const run = runOptionsOf(values);
  // Report files are checked before the run, so that a run is never lost to an unwritable path.
  for (const file of [values.junit, values.json]) if (file && file !== "-") checkWritable(file);
  // With --json -, stdout carries the NDJSON alone and the readable report goes to stderr.
  const terminal = values.json === "-" ? process.stderr : process.stdout;
  const say = (line: string) => terminal.write(`${line}\n`);
  const colour = colourWanted(terminal);
  // NDJSON is written as the run goes, so that a run cut short still leaves what it found.
  const ndjson = values.json === undefined ? undefined : new NdjsonReport(values.json);
  const controller = new AbortController();
  const release = stopOnSignals(controller);
  const report = await runPlan({
    ...run,
    signal: controller.signal,
    onExchange: values.verbose ? (event) => console.error(debugLine("response", event)) : undefined,
    onEvent: (event) => {
      // Nothing is printed before the start has decided (--verbose excepted).
      if (event.type === "started") say(header(run));
      if (event.type === "operation-done") say(progressLine(event.operationId, event.results, colour));
      ndjson?.write(event);
    },
  }).finally(release);
  const stop = report.stoppedEarly;
  if (stop?.exitStatus === 2) process.stderr.write(`${styled(colourWanted(process.stderr), "red", "txc-api:")} ${stop.cause}\n`);
  // A run that could not start has nothing to show but its last line; any other ends with the whole report.
  const couldNotStart = stop?.exitStatus === 2 && report.results.length === 0;
  if (!couldNotStart) say("");
  say(couldNotStart ? summaryLine(report, colour) : summary(report, { colour, columns: terminal.columns }));
  if (values.junit) writeJUnit(values.junit, report);
  ndjson?.finish(report);
  if (stop?.error !== undefined) throw stop.error;
  process.exitCode = exitCodeOf(report);
}

/** The ordinary account's identity, when both variables are set; one without the other is a mistake. */
function basicIdentity(env = process.env): { apiKey: string; apiSecret: string } | undefined {
  const apiKey = env.TXC_API_KEY_BASIC;
  const apiSecret = env.TXC_API_SECRET_BASIC;
  if (!apiKey && !apiSecret) return undefined;
  if (!apiKey || !apiSecret) throw new UsageError("set both TXC_API_KEY_BASIC and TXC_API_SECRET_BASIC, or neither");
  return { apiKey, apiSecret };
}

function checkWritable(file: string) {
  try {
    writeFileSync(file, "");
  } catch (error) {
    throw new UsageError(`cannot write the report file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}
