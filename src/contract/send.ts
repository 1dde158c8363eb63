import { credentials, signBodyText } from "../signing/sign.js";
import { timeNonce } from "../signing/nonce.js";
import { printable } from "../text/printable.js";
import { undiciTransport } from "../transport/undici.js";
import { TransportFailure } from "../transport/exchange.js";
import type { Case } from "./cases.js";

export type Identity = { apiKey: string; apiSecret: string };
/** The server, the main identity, and an ordinary account's for the partner-only check. */
export type Target = Identity & { baseUrl: string; timeoutMs: number; basic?: Identity };

/** Largest answer the tester reads; a larger one fails its case. */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export type Observation = {
  status: number;
  contentType: string;
  cacheControl: string;
  text: string;
  json: { ok: true; value: unknown } | { ok: false };
  /** Why no answer was read: a redirect (never followed) or an answer over the size cap. */
  transportProblem?: string;
  curl: string;
};

/** The target could not be reached at all. */
export class ConnectionError extends Error {
  override name = "ConnectionError";
}

const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
const NONCE = "__NONCE__";

/**
 * A shell snippet that sends the case again: it signs afresh with TXC_API_KEY and TXC_API_SECRET
 * from the environment, so that it holds no secret and its nonce is new.
 */
function reproduction(url: string, c: Case): string {
  if (!c.fields) return `curl -sS -X ${c.method} ${quote(url)}`;
  const tamper = c.tamper;
  const [left, right] = bodyText(c, NONCE).split(NONCE);
  const env = c.identity === "basic" ? "_BASIC" : "";
  const secret = tamper?.kind === "wrong-secret" ? `"$TXC_API_SECRET${env}-wrong"` : `"$TXC_API_SECRET${env}"`;
  const headers = [
    `-H 'Content-Type: application/json'`,
    `-H "X-TXC-APIKEY: $TXC_API_KEY${env}"`,
    `-H "X-TXC-PAYLOAD: $PAYLOAD"`,
    `-H "X-TXC-SIGNATURE: $SIGNATURE"`,
  ].filter((h) => !(tamper?.kind === "omit-header" && h.includes(tamper.header)));
  const send = `curl -sS -X ${c.method} ${quote(url)} ${headers.join(" ")} --data-raw "$BODY${tamper?.kind === "other-body" ? " " : ""}"`;
  return [
    `BODY=${quote(left)}"$(date +%s%3N)"${quote(right)}`,
    `PAYLOAD=$(printf %s "$BODY" | base64 | tr -d '\\n')`,
    `SIGNATURE=$(printf %s "$PAYLOAD" | openssl dgst -sha512 -hmac ${secret} -r | cut -d' ' -f1)`,
    tamper?.kind === "replay" ? `${send}; echo; ${send}` : send,
  ].join("\n");
}

/** The body as signed: request and nonce first, then the fields; cut short for the malformed-JSON case. */
function bodyText(c: Case, nonce: string): string {
  const text = JSON.stringify({ request: c.tamper?.kind === "request-path" ? c.tamper.path : c.path, nonce, ...c.fields });
  return c.tamper?.kind === "malformed-json" ? text.slice(0, -1) : text;
}

const transport = undiciTransport();

async function exchange(url: string, init: { method: string; headers?: Record<string, string>; body?: string }, target: Target): Promise<Omit<Observation, "curl">> {
  const answer = await transport({ url, ...init, timeoutMs: target.timeoutMs, maxResponseBytes: MAX_RESPONSE_BYTES });
  let json: Observation["json"] = { ok: false };
  try {
    json = { ok: true, value: JSON.parse(answer.text) };
  } catch {}
  return { status: answer.status, contentType: answer.headers.get("content-type") ?? "", cacheControl: answer.headers.get("cache-control") ?? "", text: answer.text, json };
}

/** A redirect or an oversized answer: the server's fault, judged as a failed case (nothing was followed or read on). */
const refusedAnswer = (failure: TransportFailure): Omit<Observation, "curl"> => ({
  status: failure.detail.status ?? 0, contentType: "", cacheControl: "", text: "", json: { ok: false }, transportProblem: failure.message,
});

/** Sends one case, signed and tampered with as it says, and returns what came back. */
export async function send(target: Target, c: Case): Promise<Observation> {
  const url = target.baseUrl + c.path;
  const curl = reproduction(url, c);
  let init: { method: string; headers?: Record<string, string>; body?: string } = { method: c.method };
  if (c.fields) {
    const tamper = c.tamper;
    const { apiKey, apiSecret } = c.identity === "basic" && target.basic ? target.basic : target;
    const keys = credentials(apiKey, tamper?.kind === "wrong-secret" ? `${apiSecret}-wrong` : apiSecret);
    const body = bodyText(c, timeNonce(apiKey));
    const headers: Record<string, string> = { ...signBodyText(body, keys) };
    if (tamper?.kind === "omit-header") delete headers[tamper.header];
    init = { method: c.method, headers, body: tamper?.kind === "other-body" ? `${body} ` : body };
  }
  try {
    if (c.tamper?.kind === "replay") await exchange(url, init, target);
    return { ...(await exchange(url, init, target)), curl };
  } catch (error) {
    if (error instanceof TransportFailure && (error.kind === "redirect" || error.kind === "too-large")) return { ...refusedAnswer(error), curl };
    const reason = error instanceof TransportFailure && error.kind === "timeout" ? `no whole answer within ${target.timeoutMs} ms` : printable(String((error as Error).message ?? error));
    throw new ConnectionError(`${c.method} ${url}: ${reason}`);
  }
}
