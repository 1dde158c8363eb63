import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { operationIndex, pathPrefixes } from "../../generated/operations.js";
import { signedCurlCommand } from "../signing/curl.js";
import { signRequest } from "../signing/sign.js";
import type { Dataset } from "../../generated/dataset.js";
import { demoKeys } from "../sandbox/dataset.js";
import { DatasetError } from "../sandbox/load-dataset.js";
import { openSandbox } from "../sandbox/start.js";
import { checkFault, FaultSpecError } from "../sandbox/faults.js";
import { shutDown } from "../sandbox/shutdown.js";
import { listenError, portFrom, untilStopped } from "./options.js";
import { UsageError } from "./usage-error.js";
import { isNonceMaxAge, NONCE_MAX_AGE_RULE } from "../server/verify.js";

const SHUTDOWN_BOUND_MS = 5_000;

export const serveHelp = `Usage: txc-api serve [--host HOST] [--port PORT] [--data FILE] [--no-rate-limits] [--nonce-max-age MS] [--fault SPEC]...

Runs the sandbox: one local server with the rendered docs at /, the bundled document at
/openapi.json, and an API under ${pathPrefixes.api} that behaves as the description says (signatures and
nonces checked, state kept in memory, rate limits, errors in the documented formats).
POST /sandbox/reset (Content-Type: application/json, same origin) restores the dataset, the
last nonces and the rate-limit windows.

Options:
  --host HOST        address to listen on (default 127.0.0.1)
  --port PORT        port to listen on (default: PORT from the environment, else 8080)
  --data FILE        a JSON dataset to serve instead of the built-in one (checked; errors name
                     the entry)
  --no-rate-limits   do not answer 429: for load tests of your own code (contract-test it with
                     --no-pacing)
  --nonce-max-age MS refuse (401) a nonce that, read as Unix time in milliseconds, is more than
                     MS from the sandbox's clock, past or future (off by default: the
                     description leaves the window open)
  --fault SPEC       a fault to apply, as JSON (repeatable), such as
                     '{"operationId":"getMainBalance","status":429,"times":3}'; fields:
                     operationId, status, retryAfterSeconds, delayMs, drop ("before" or "after"),
                     times, probability, seed. POST /sandbox/faults adds more, GET /sandbox/calls
                     lists what reached the API.

On Ctrl-C or SIGTERM it stops taking connections, answers the requests already received (for
up to 5 s) and exits 0.

Demo credentials of the built-in dataset:
  sandbox-partner / sandbox-partner-secret   a business-partner account
  sandbox-basic   / sandbox-basic-secret     an ordinary account`;

function banner(baseUrl: string, dataset: Dataset, dataFile: string | undefined, rateLimits: boolean, nonceMaxAgeMs: number | undefined): string {
  const keys = new Set(dataset.accounts.flatMap((a) => a.apiKeys.map((k) => `${k.key}\n${k.secret}`)));
  const demos = [
    ["business partner", demoKeys.partner],
    ["ordinary account", demoKeys.basic],
  ].filter(([, demo]) => keys.has(`${(demo as typeof demoKeys.partner).key}\n${(demo as typeof demoKeys.partner).secret}`)) as [string, typeof demoKeys.partner][];
  const lines = [
    `TXC API sandbox${dataFile ? ` serving ${dataFile}` : ""}`,
    `  docs       ${baseUrl}/`,
    `  document   ${baseUrl}/openapi.json`,
    `  API        ${baseUrl}${pathPrefixes.api}`,
    `  reset      curl -X POST -H 'Content-Type: application/json' ${baseUrl}/sandbox/reset`,
    ...(rateLimits ? [] : ["  rate limits are off (--no-rate-limits): no request is answered 429"]),
    ...(nonceMaxAgeMs === undefined ? [] : [`  a nonce more than ${nonceMaxAgeMs} ms from this clock, read as Unix milliseconds, is answered 401 (--nonce-max-age)`]),
    "",
  ];
  if (demos.length) {
    // Only the fixed demo keys' secrets are ever printed.
    lines.push("Demo credentials (sandbox only):");
    for (const [role, { key, secret }] of demos) lines.push(`  ${role.padEnd(17)} TXC_API_KEY=${key} TXC_API_SECRET=${secret}`);
    const balancePath = operationIndex.getMainBalance.path;
    const signed = signRequest({ path: balancePath, apiKey: demos[0][1].key, apiSecret: demos[0][1].secret, nonce: Date.now() });
    lines.push("", "A signed balance request (its nonce works once; sign more with txc-api sign):", signedCurlCommand(`${baseUrl}${balancePath}`, signed));
  } else {
    lines.push(`API keys: those of ${dataFile}.`);
  }
  lines.push("", "Press Ctrl-C to stop.");
  return lines.join("\n");
}

const printableStart = (text: string) => JSON.stringify(text.slice(0, 60));

/** The flags, as parseArgs reads them (and the public surface report lists them). */
export const serveFlags = {
  host: { type: "string", default: "127.0.0.1" }, port: { type: "string" }, data: { type: "string" }, "no-rate-limits": { type: "boolean", default: false },
  fault: { type: "string", multiple: true }, "nonce-max-age": { type: "string" },
} as const;

export async function serveCommand(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: serveFlags,
    strict: true,
  });
  const port = portFrom(values.port ?? process.env.PORT, 8080, values.port ? "--port" : "PORT");
  const faults = (values.fault ?? []).map((text) => {
    try {
      return checkFault(JSON.parse(text));
    } catch (error) {
      if (error instanceof SyntaxError) throw new UsageError(`--fault is not JSON: ${printableStart(text)}`);
      if (error instanceof FaultSpecError) throw new UsageError(`--fault: ${error.message}`);
      throw error;
    }
  });
  const maxAge = values["nonce-max-age"];
  const nonceMaxAgeMs = maxAge !== undefined && /^\d+$/.test(maxAge) ? Number(maxAge) : undefined;
  if (maxAge !== undefined && !isNonceMaxAge(nonceMaxAgeMs)) throw new UsageError(`--nonce-max-age must be ${NONCE_MAX_AGE_RULE} (got ${printableStart(maxAge)})`);
  let opened;
  try {
    opened = await openSandbox({ port, host: values.host!, data: values.data, rateLimits: !values["no-rate-limits"], ...(nonceMaxAgeMs === undefined ? {} : { nonceMaxAgeMs }) });
  } catch (error) {
    if (error instanceof DatasetError) throw new UsageError(`--data ${error.message}`);
    if ((error as NodeJS.ErrnoException).syscall === "listen") throw listenError(error as NodeJS.ErrnoException, values.host!, port);
    throw error;
  }
  const { sandbox, server, dataset } = opened;
  for (const fault of faults) sandbox.fault(fault);
  const { port: bound } = server.address() as AddressInfo;
  const host = values.host!.includes(":") ? `[${values.host}]` : values.host;
  console.log(banner(`http://${host}:${bound}`, dataset, values.data, !values["no-rate-limits"], nonceMaxAgeMs));
  await untilStopped();
  const { cutBusyConnections } = await shutDown(server, SHUTDOWN_BOUND_MS);
  console.log(cutBusyConnections ? `Sandbox stopped; requests still running after ${SHUTDOWN_BOUND_MS / 1000} s were cut.` : "Sandbox stopped.");
}
