// The shell reproduction of a case, printed with each failure: it signs afresh from the environment.
import { API_KEY_HEADER, PAYLOAD_HEADER, SIGNATURE_HEADER } from "../signing/sign.js";
import { signing } from "../../generated/operations.js";
import { bodyText } from "../signing/body.js";
import { NONCE_MARK, shellQuote, signedShellSnippet } from "../signing/shell.js";
import type { Case } from "./case.js";

/**
 * A shell snippet that sends the case again: it signs afresh with TXC_API_KEY and TXC_API_SECRET
 * from the environment, so that it holds no secret and its nonce is new. Built only for failures.
 */
export function reproduction(url: string, testCase: Case): string {
  if (!testCase.fields) return `curl -sS -X ${testCase.method} ${shellQuote(url)}`;
  const tamper = testCase.tamper;
  const env = testCase.identity === "basic" ? "_BASIC" : "";
  return signedShellSnippet({
    method: testCase.method,
    url: shellQuote(url),
    body: caseBodyText(testCase, NONCE_MARK),
    headerNames: { apiKey: API_KEY_HEADER, payload: PAYLOAD_HEADER, signature: SIGNATURE_HEADER },
    hmac: signing.hmac,
    apiKey: `$TXC_API_KEY${env}`,
    apiSecret: tamper?.kind === "wrong-secret" ? `"$TXC_API_SECRET${env}-wrong"` : `"$TXC_API_SECRET${env}"`,
    omitHeader: tamper?.kind === "omit-header" ? tamper.header : undefined,
    sentSuffix: tamper?.kind === "other-body" ? " " : "",
    sendTwice: tamper?.kind === "replay",
  });
}

/** The body as signed: the path and the nonce first, then the fields; cut short for the malformed-JSON case. */
export function caseBodyText(testCase: Case, nonce: string): string {
  const text = bodyText(testCase.tamper?.kind === "request-path" ? testCase.tamper.path : testCase.path, nonce, testCase.fields);
  return testCase.tamper?.kind === "malformed-json" ? text.slice(0, -1) : text;
}
