import { parseArgs } from "node:util";
import { curlCommand } from "../signing/curl.js";
import { signRequest } from "../signing/sign.js";
import { timeNonce } from "../signing/nonce.js";
import { readCredentials } from "./credentials.js";
import { checkedBaseUrl } from "./options.js";
import { UsageError } from "./usage-error.js";

export const signHelp = `Usage: txc-api sign --path PATH [--body JSON] [--nonce N] [--format json|curl] [--base-url URL]

Signs one private request and prints the exact body and the three X-TXC headers, so that any
HTTP client (curl included) can send it.

Options:
  --path PATH              the endpoint path, such as /api/v4/main-account/balance (required)
  --body JSON              the body fields as a JSON object, without request and nonce (default {})
  --nonce N                the nonce (default: Unix time in milliseconds)
  --format json|curl       json (default): {"body", "headers"}; curl: a ready curl command
  --base-url URL           the base address used in the curl command (default: "\${TXC_BASE_URL}")
  --api-secret-file FILE   read the API secret from FILE instead of TXC_API_SECRET

Environment:
  TXC_API_KEY      the public API key (required)
  TXC_API_SECRET   the API secret (required unless --api-secret-file is given)

The secret is never printed; send the body byte for byte as printed, or the signature won't match.

Example:
  TXC_API_KEY=sandbox-basic TXC_API_SECRET=... txc-api sign --path /api/v4/main-account/balance \\
    --body '{"ticker":"BTC"}' --format curl --base-url http://127.0.0.1:8080`;

export function signCommand(argv: string[], env = process.env): string {
  const { values } = parseArgs({
    args: argv,
    options: {
      path: { type: "string" },
      body: { type: "string", default: "{}" },
      nonce: { type: "string" },
      format: { type: "string", default: "json" },
      "base-url": { type: "string" },
      "api-secret-file": { type: "string" },
    },
    strict: true,
  });
  if (!values.path || !values.path.startsWith("/")) throw new UsageError("--path is required: the endpoint path, such as /api/v4/main-account/balance");
  if (values.format !== "json" && values.format !== "curl") throw new UsageError(`--format must be json or curl`);
  let body: unknown;
  try {
    body = JSON.parse(values.body!);
  } catch {
    throw new UsageError("--body must be a JSON object, such as '{\"ticker\":\"BTC\"}'");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new UsageError("--body must be a JSON object, such as '{\"ticker\":\"BTC\"}'");
  if (values.nonce !== undefined && !/^\d{1,30}$/.test(values.nonce)) throw new UsageError("--nonce must be digits (at most 30), such as Unix time in milliseconds");
  const baseUrl = values["base-url"] === undefined ? "${TXC_BASE_URL}" : checkedBaseUrl(values["base-url"]);
  const { apiKey, apiSecret } = readCredentials(values["api-secret-file"], env);
  const signed = signRequest({ path: values.path, body, apiKey, apiSecret, nonce: values.nonce ?? timeNonce(apiKey) });
  if (values.format === "json") return JSON.stringify(signed, null, 2);
  return curlCommand(`${baseUrl}${values.path}`, signed);
}
