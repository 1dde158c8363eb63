// @ts-check
// The shell text this package prints: one quoter, one curl command, and one snippet that signs a
// private request with openssl and sends it with curl. The docs' curl samples, the contract
// tester's reproductions, `txc-api sign --format curl` and `txc-api serve` all print these.
// Plain JavaScript, so that the build scripts (scripts/code-samples.mjs) run it as it is.

/** Stands where the nonce goes in a body given to `signedShellSnippet`. */
export const NONCE_MARK = "__TXC_NONCE__";

/**
 * One shell word that stands for `text` exactly: single-quoted, its own quotes escaped.
 * @param {string} text
 */
export const shellQuote = (text) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * A curl command, one option a line.
 * @param {string} method
 * @param {string} url a shell word: quoted, or an expansion in double quotes
 * @param {string[]} headers shell words, each `Name: value`
 * @param {string} [data] a shell word for the body
 */
export function curlCommand(method, url, headers, data) {
  return [
    `curl -sS -X ${method} ${url}`,
    ...headers.map((header) => `  -H ${header}`),
    ...(data === undefined ? [] : [`  --data-raw ${data}`]),
  ].join(" \\\n");
}

/**
 * @typedef {object} SignedShellRequest
 * @property {string} method
 * @property {string} url a shell word
 * @property {string} body the body text, with `NONCE_MARK` where the nonce goes
 * @property {{ apiKey: string, payload: string, signature: string }} headerNames
 * @property {string} hmac the HMAC's hash as the document names it (x-txc-signing), such as "SHA-512"
 * @property {string} apiKey a shell word for the key, such as "$TXC_API_KEY"
 * @property {string} apiSecret a shell word for the secret, such as "$TXC_API_SECRET"
 * @property {string} [omitHeader] a header name left out (a case that tests its absence)
 * @property {string} [sentSuffix] text sent after the signed body (a case that tests a body other than the one signed)
 * @property {boolean} [sendTwice] sends the same request twice (a case that tests a replayed nonce)
 */

/**
 * A bash snippet that signs the body afresh, with a new nonce (Unix ms, GNU date), and sends it:
 * it holds no secret, only the shell words given for the key and the secret.
 * @param {SignedShellRequest} request
 */
export function signedShellSnippet({ method, url, body, headerNames, hmac, apiKey, apiSecret, omitHeader, sentSuffix = "", sendTwice = false }) {
  const [before, after] = body.split(NONCE_MARK);
  if (after === undefined) throw new Error("signedShellSnippet: the body has no NONCE_MARK");
  const headers = [
    ["Content-Type", "'Content-Type: application/json'"],
    [headerNames.apiKey, `"${headerNames.apiKey}: ${apiKey}"`],
    [headerNames.payload, `"${headerNames.payload}: $PAYLOAD"`],
    [headerNames.signature, `"${headerNames.signature}: $SIGNATURE"`],
  ].filter(([name]) => name !== omitHeader).map(([, word]) => word);
  const send = curlCommand(method, url, headers, `"$BODY${sentSuffix}"`);
  return [
    `BODY=${shellQuote(before)}"$(date +%s%3N)"${shellQuote(after)}`,
    `PAYLOAD=$(printf %s "$BODY" | base64 | tr -d '\\n')`,
    `SIGNATURE=$(printf %s "$PAYLOAD" | openssl dgst -${hmac.replace("-", "").toLowerCase()} -hmac ${apiSecret} -r | cut -d' ' -f1)`,
    ...(sendTwice ? [send, "echo", send] : [send]),
  ].join("\n");
}
