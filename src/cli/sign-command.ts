import { parseArgs } from "node:util";
import { signedCurlCommand } from "../signing/curl.js";
import { signRequest } from "../signing/sign.js";
import { NONCE_FIELD, PATH_FIELD, signedBody, SIGNING_FIELDS } from "../signing/body.js";
import { parameterIssues } from "../client/params.js";
import { timeNonce } from "../signing/nonce.js";
import { readCredentials } from "./credentials.js";
import { checkedBaseUrl } from "./options.js";
import { UsageError } from "./usage-error.js";
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { DOCUMENTED_SANDBOX } from "../sandbox/docs-page.js";
import { validationIssues } from "../validation/issues.js";
import { validators } from "../../generated/validators.js";
import { closest } from "../text/closest.js";
import { printable } from "../text/printable.js";

const balancePath = operationIndex.getMainBalance.path;


export const signHelp = `Usage: txc-api sign --path PATH [--body JSON] [--nonce N] [--format json|curl] [--base-url URL]

Signs one private request and prints the exact body and the three signing headers, so that any
HTTP client (curl included) can send it.

Options:
  --path PATH              the endpoint path, such as ${balancePath} (required)
  --body JSON              the body fields as a JSON object, without ${PATH_FIELD} and ${NONCE_FIELD} (default {});
                           a field the operation does not list is refused, as a typo would be
  --allow-unlisted         send fields the operation does not list, on purpose
  --nonce N                the nonce (default: Unix time in milliseconds)
  --format json|curl       json (default): {"body", "headers"}; curl: a ready curl command
  --base-url URL           the base address used in the curl command (default: TXC_BASE_URL when
                           the command runs, else the local sandbox, as the docs' samples do)
  --api-secret-file FILE   read the API secret from FILE instead of TXC_API_SECRET

Environment:
  TXC_API_KEY      the public API key (required)
  TXC_API_SECRET   the API secret (required unless --api-secret-file is given)

The secret is never printed; send the body byte for byte as printed, or the signature won't match.

Example:
  TXC_API_KEY=sandbox-basic TXC_API_SECRET=... txc-api sign --path ${balancePath} \\
    --body '{"ticker":"BTC"}' --format curl --base-url http://127.0.0.1:8080`;

const signedPaths = Object.entries(operationIndex).filter(([, op]) => op.signed).map(([id, op]) => [op.path, id as OperationId] as const);

/** The private operation at `path`, or a usage error that lists them. */
function signedOperationAt(path: string | undefined): OperationId {
  const example = `such as ${balancePath}`;
  if (!path) throw new UsageError(`--path is required: the endpoint path, ${example}`);
  if (!path.startsWith("/")) throw new UsageError(`--path must start with /, ${example}`);
  const found = signedPaths.find(([known]) => known === path);
  const unsigned = Object.entries(operationIndex).find(([, op]) => !op.signed && op.path === path);
  if (unsigned) throw new UsageError(`--path ${path} is ${unsigned[0]}, a public operation: it needs no signature (curl ${path} against the server)`);
  if (!found) {
    const meant = closest(path, signedPaths.map(([known]) => known));
    throw new UsageError(`--path ${printable(path, 100)} is not a private path of the API${meant ? `: did you mean ${meant}?` : `; they are: ${signedPaths.map(([known]) => known).join(", ")}`}`);
  }
  return found[1];
}

/** The flags, as parseArgs reads them (and the public surface report lists them). */
export const signFlags = {
  path: { type: "string" },
  body: { type: "string", default: "{}" },
  "allow-unlisted": { type: "boolean", default: false },
  nonce: { type: "string" },
  format: { type: "string", default: "json" },
  "base-url": { type: "string" },
  "api-secret-file": { type: "string" },
} as const;

export function signCommand(argv: string[], env = process.env): string {
  const { values } = parseArgs({
    args: argv,
    options: signFlags,
    strict: true,
  });
  const operationId = signedOperationAt(values.path);
  if (values.format !== "json" && values.format !== "curl") throw new UsageError(`--format must be json or curl`);
  let body: unknown;
  try {
    body = JSON.parse(values.body!);
  } catch {
    throw new UsageError("--body must be a JSON object, such as '{\"ticker\":\"BTC\"}'");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new UsageError("--body must be a JSON object, such as '{\"ticker\":\"BTC\"}'");
  const unlisted = parameterIssues(operationId, body).filter((issue) => issue.rule === "unknown");
  const refused = values["allow-unlisted"] ? unlisted.filter((issue) => SIGNING_FIELDS.has(issue.field)) : unlisted;
  if (refused.length) {
    throw new UsageError(`--body: ${refused.map((issue) => issue.message.replace(/; send a field .*$/, "")).join("; ")}${values["allow-unlisted"] ? "" : " (--allow-unlisted sends unlisted fields on purpose)"}`);
  }
  if (values.nonce !== undefined && !/^\d{1,30}$/.test(values.nonce)) throw new UsageError("--nonce must be digits (at most 30), such as Unix time in milliseconds");
  const baseUrl = values["base-url"] === undefined ? `\${TXC_BASE_URL:-${DOCUMENTED_SANDBOX}}` : checkedBaseUrl(values["base-url"]);
  const { apiKey, apiSecret } = readCredentials(values["api-secret-file"], env);
  const nonce = values.nonce ?? timeNonce(apiKey);
  // The body as it will be signed must keep the document's rules, or the server would refuse it.
  const validate = validators[operationId].request!;
  if (!validate(signedBody(values.path!, String(nonce), body as object))) {
    throw new UsageError(`--body breaks the rules of ${operationId}: ${validationIssues(validate.errors).map((issue) => issue.message).join("; ")}`);
  }
  let signed;
  try {
    signed = signRequest({ path: values.path!, body, apiKey, apiSecret, nonce });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new UsageError("--body is nested too deeply to serialise: JSON.stringify ran out of stack");
  }
  if (values.format === "json") return JSON.stringify(signed, null, 2);
  return signedCurlCommand(`${baseUrl}${values.path}`, signed);
}
