import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ProxyNdjson, shownOperation, writeProxyJUnit } from "../proxy/reports.js";
import { ProxySetupError, startProxy, type ProxyViolation } from "../proxy/start-proxy.js";
import { CONNECTIONS_RANGE, CONNECTIONS_RULE, DEFAULT_CONNECTIONS, isConnectionCount } from "../transport/turns.js";
import { checkHar } from "../proxy/check-har.js";
import { packageVersion } from "../package-files.js";
import { harEntry, HarError, writeHar } from "../proxy/har.js";
import type { CarriedExchange } from "../proxy/traffic.js";
import type { TrafficJudge } from "../proxy/traffic-judge.js";
import type { Coverage } from "../validation/coverage.js";
import { PROXY_CHECKS } from "../proxy/check-names.js";
import { printable } from "../text/printable.js";
import { colourWanted, styled } from "../text/terminal.js";
import { portFrom, untilStopped } from "./options.js";
import { UsageError } from "./usage-error.js";
import { readCredentials } from "./credentials.js";
import { counted } from "../text/counted.js";
import { oncePerFlags, oncePerProblem, type OncePer } from "../validation/once-per.js";

export const proxyHelp = `Usage: txc-api proxy --upstream URL [--sign] [--once-per OP=FIELD] [--port N] [--host H] [--json FILE] [--junit FILE] [--har FILE]
       txc-api proxy --check-har FILE [--once-per OP=FIELD] [--json FILE] [--junit FILE]

Checks the contract on live traffic: point your app, your integration suite or your browser at
the proxy, and it forwards every request to the upstream and its answer back unchanged (status,
headers, body bytes), never altering, retrying, re-signing or reordering anything (but for
signing what arrives unsigned, with --sign). Each exchange
is held to the document, and each violation is printed as it happens, on one line: the
operation, the check, the exchange, the reason. Never a secret.

Checks: ${PROXY_CHECKS.join(", ")}
  the request: a documented operation (else "(unknown path)"), the three signing headers, the
  payload the base64 of the exact body, the body's request the path called, the nonce unique for
  its key (one of digits greater than the last of digits), the body valid for the operation (a
  field close to one it has, such as tikcer, is a typo; other unlisted fields pass, as the
  document allows); with TXC_API_KEY and TXC_API_SECRET set, the signature of that key's requests.
  The answer, by the oracles contract-test judges its own answers with: a documented status, JSON
  valid for it (a private 200 no cache may keep), the fields tied to the request (a refund's id, a
  page's offset and limit, a balance's ticker), error keys that name fields of the operation, a
  valid request never refused for a value its schema alone decides. The API's workflows followed
  key by key (workflows): a step of an open chain that breaks its criteria, such as a code
  accepted twice or a next page repeating the first, is a broken chain. A value of an operation
  that succeeds once (the document's x-once-per: a code; or your --once-per rule) answered 2xx a
  second time, by any key (once-only). A 429 while the documented
  limits leave room. An operation answered 404, 405 or 501 to every request is one violation,
  "implemented", when the proxy stops (not one per request). The request is verified by the same
  code as txc-api/server: each request violation in --json carries documentedAnswer, what such a
  server answers.

Coverage of the document by the traffic seen (operations answered, documented statuses observed,
checks run) is printed when it stops, in the --json summary and as --junit properties.

Options:
  --upstream URL   the server to forward to, such as http://127.0.0.1:8080 (required)
  --port N         port to listen on (default 0: a free one)
  --host H         address to listen on (default 127.0.0.1)
  --upstream-connections N
                   connections to the upstream (default ${DEFAULT_CONNECTIONS}, ${CONNECTIONS_RANGE.least} to ${CONNECTIONS_RANGE.most}): each key's requests in
                   a row take them in turn, so that behind a balancer the traffic reaches every
                   process and a code accepted by two of them is seen
  --json FILE      NDJSON: one line per violation (operationId, check, message, method, path,
                   status) as it happens, and a summary line at the end; the file exists from
                   the start, with no violation too
  --junit FILE     JUnit XML at the end: a test case per operation and check that ran, failed
                   where a violation was seen
  --sign           sign what arrives unsigned, so that any HTTP tool (curl, a load tool, another
                   language) can call the API through the proxy: a request of a signed
                   operation without the API key header gets request and a nonce set over its
                   JSON body's fields and the three headers added, with TXC_API_KEY and
                   TXC_API_SECRET (or --api-secret-file FILE), nonces rising in the order requests
                   arrive. A request carrying its own key header passes as it came; a body that is
                   not a JSON object is answered 400 and not forwarded. The checks judge the
                   requests as sent.
  --api-secret-file FILE
                   with --sign: read the secret from FILE instead of TXC_API_SECRET
  --once-per OP=FIELD[,FIELD]
                   a once-only rule your server adds where the document is silent, such as
                   refundDeposit=transaction_id (repeatable; the server kit's oncePer and
                   contract-test's --once-per, the same declaration): a second 2xx for one value
                   is a once-only violation
  --har FILE       also record every exchange as HAR 1.2, written when it stops: signatures,
                   cookies and authorization headers "[redacted]" (the secret never passes)
  --check-har FILE judge recorded traffic offline instead of forwarding: a HAR file of ours, or
                   another tool's (a browser's); the same checks, lines, reports and exit status
                   as live, but for the signature, which a recording does not hold

It prints "txc-api proxy: listening on http://HOST:PORT" once ready. Ctrl-C or SIGTERM stops it:
requests in flight finish (at most 10 s), the reports are written, a summary is printed.
Exit status: 1 when a violation was seen, 0 when none, 2 on a setup error (the upstream is no
http(s) URL, the port is taken).`;

/** The flags, as parseArgs reads them (and the public surface report lists them). */
export const proxyFlags = {
  upstream: { type: "string" },
  port: { type: "string" },
  host: { type: "string", default: "127.0.0.1" },
  json: { type: "string" },
  junit: { type: "string" },
  har: { type: "string" },
  "check-har": { type: "string" },
  "upstream-connections": { type: "string" },
  sign: { type: "boolean", default: false },
  "api-secret-file": { type: "string" },
  "once-per": { type: "string", multiple: true },
} as const;

const line = (v: ProxyViolation) => `✗ ${shownOperation(v.operationId)} · ${v.check} · ${v.method} ${printable(v.path, 100)} ${v.status}: ${printable(v.message, 300)}`;

/** The reports and the summary once the traffic is over, live or recorded; the exit status follows the violations. */
function finish(traffic: { violations(): ProxyViolation[]; ran(): ReturnType<TrafficJudge["ran"]>; coverage(): Coverage }, exchanges: number, values: { json?: string; junit?: string }, ndjson: ProxyNdjson | undefined, colour: boolean) {
  const violations = traffic.violations();
  const byCheck = new Map<string, number>();
  for (const { check } of violations) byCheck.set(check, (byCheck.get(check) ?? 0) + 1);
  const counts = [...byCheck].map(([check, count]) => `${check} ${count}`).join(", ");
  const coverage = traffic.coverage();
  ndjson?.finish({ exchanges, violations: violations.length, byCheck: Object.fromEntries(byCheck), coverage });
  if (values.junit) writeProxyJUnit(values.junit, traffic);
  console.log(`coverage: ${coverage.operations.exercised} of ${coverage.operations.total} operations exercised (${coverage.operations.percent}%), ${coverage.statuses.observed} of ${coverage.statuses.documented} documented statuses observed (${coverage.statuses.percent}%)`);
  console.log(styled(colour, violations.length ? "red" : "green", `${counted(exchanges, "exchange")}, ${counted(violations.length, "violation")}${counts ? `: ${counts}` : ""}`));
  process.exitCode = violations.length ? 1 : 0;
}

/** --check-har FILE: the recording judged; a file that is no HAR is a usage error naming it. */
async function judgedRecording(file: string, onViolation: (violation: ProxyViolation) => void, oncePer: OncePer) {
  try {
    return await checkHar(file, onViolation, oncePer);
  } catch (error) {
    if (error instanceof HarError) throw new UsageError(`--check-har ${error.message}`);
    throw error;
  }
}

export async function proxyCommand(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: proxyFlags, strict: true });
  for (const file of [values.json, values.junit, values.har]) {
    try {
      if (file) writeFileSync(file, "");
    } catch (error) {
      throw new UsageError(`cannot write the report file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }
  const ndjson = values.json ? new ProxyNdjson(values.json) : undefined;
  const colour = colourWanted(process.stdout);
  const onViolation = (violation: ProxyViolation) => {
    console.log(styled(colour, "red", line(violation)));
    ndjson?.violation(violation);
  };
  const oncePer = oncePerFlags(values["once-per"] ?? []);
  const declared = oncePerProblem(oncePer);
  if (declared) throw new UsageError(`--once-per ${declared}`);
  if (values["check-har"] !== undefined) {
    if (values.upstream || values.har) throw new UsageError("--check-har judges a recording offline: it takes no --upstream or --har");
    const checked = await judgedRecording(values["check-har"], onViolation, oncePer);
    return finish(checked.judge, checked.exchanges, values, ndjson, colour);
  }
  if (!values.upstream) throw new UsageError("--upstream is required: the server to forward to, such as http://127.0.0.1:8080 (or --check-har FILE to judge a recording)");
  const port = portFrom(values.port, 0);
  const connections = values["upstream-connections"];
  if (connections !== undefined && !(/^\d+$/.test(connections) && isConnectionCount(Number(connections)))) throw new UsageError(`--upstream-connections must be ${CONNECTIONS_RULE}`);
  // --sign needs the key it signs with; without it, the key given is used to verify signatures.
  const signer = values.sign ? readCredentials(values["api-secret-file"]) : undefined;
  const apiKey = signer?.apiKey ?? process.env.TXC_API_KEY;
  const apiSecret = signer?.apiSecret ?? process.env.TXC_API_SECRET;
  const recorded: Parameters<typeof writeHar>[1] = [];
  let origin = "";
  let proxy;
  try {
    proxy = await startProxy({
      upstream: values.upstream, port, host: values.host!,
      ...(connections === undefined ? {} : { upstreamConnections: Number(connections) }),
      credentials: apiKey && apiSecret ? [{ apiKey, apiSecret }] : [],
      ...(signer ? { sign: signer } : {}),
      oncePer,
      onViolation,
      ...(values.har ? { onExchange: (exchange: CarriedExchange, startedAt: Date, durationMs: number) => void recorded.push(harEntry(exchange, origin, startedAt, durationMs)) } : {}),
    });
  } catch (error) {
    if (error instanceof ProxySetupError) throw new UsageError(error.message);
    throw error;
  }
  origin = proxy.url;
  const signs = signer ? " (unsigned requests signed with TXC_API_KEY)" : apiKey && apiSecret ? " (signatures of TXC_API_KEY verified)" : "";
  console.log(`txc-api proxy: listening on ${proxy.url}, forwarding to ${values.upstream}${signs}`);
  await untilStopped();
  await proxy.close();
  if (values.har) writeHar(values.har, recorded, packageVersion());
  finish(proxy, proxy.exchanges(), values, ndjson, colour);
}
