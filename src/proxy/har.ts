// Traffic recorded as HAR 1.2 (`txc-api proxy --har FILE`), and read back to be checked offline
// (`txc-api proxy --check-har FILE`) with the same judge as live traffic. What a recording never
// holds: a signature, a cookie or an authorization header (each "[redacted]"). The payload header
// stays: it is the base64 of the body, which the recording holds anyway.
import { isUtf8 } from "node:buffer";
import { readFileSync, writeFileSync } from "node:fs";
import { SIGNATURE_HEADER } from "../signing/headers.js";
import type { CarriedExchange } from "./traffic.js";

const REDACTED = "[redacted]";
const SECRET_HEADERS = new Set([SIGNATURE_HEADER.toLowerCase(), "authorization", "proxy-authorization", "cookie", "set-cookie"]);

type HarHeader = { name: string; value: string };
type HarEntry = {
  startedDateTime: string;
  time: number;
  request: { method: string; url: string; httpVersion: string; cookies: []; headers: HarHeader[]; queryString: []; postData?: { mimeType: string; text: string; _encoding?: "base64" }; headersSize: -1; bodySize: number };
  response: { status: number; statusText: string; httpVersion: string; cookies: []; headers: HarHeader[]; content: { size: number; mimeType: string; text: string; encoding?: "base64" }; redirectURL: ""; headersSize: -1; bodySize: number };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
};

/** A HAR file that cannot be checked; the message names the entry and the field. */
export class HarError extends Error {
  override name = "HarError";
}

const headersOf = (headers: Record<string, string | string[] | undefined>): HarHeader[] =>
  Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((one) => ({ name, value: SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : one }))));

/** Bytes as HAR text: UTF-8 as it is, anything else in base64 (said by `encoding`). */
const asText = (bytes: Buffer) => (isUtf8(bytes) ? { text: bytes.toString("utf8") } : { text: bytes.toString("base64"), encoding: "base64" as const });

/** An exchange as a HAR entry; `origin` is where the proxy listened. */
export function harEntry(exchange: CarriedExchange, origin: string, startedAt: Date, durationMs: number): HarEntry {
  const body = asText(exchange.body);
  const answer = exchange.answer;
  const content = answer ? asText(answer.body) : { text: "" };
  return {
    startedDateTime: startedAt.toISOString(),
    time: durationMs,
    request: {
      // No cookie is ever recorded (the Cookie headers are redacted): HAR 1.2 still wants the list.
      method: exchange.method, url: origin + exchange.path, httpVersion: "HTTP/1.1", cookies: [], headers: headersOf(exchange.headers), queryString: [],
      ...(exchange.body.length ? { postData: { mimeType: String(exchange.headers["content-type"] ?? ""), text: body.text, ...(body.encoding ? { _encoding: body.encoding } : {}) } } : {}),
      headersSize: -1, bodySize: exchange.body.length,
    },
    response: {
      // No answer from the upstream: status 0, as HAR writes a request that got none.
      status: answer?.status ?? 0, statusText: "", httpVersion: "HTTP/1.1", cookies: [], headers: headersOf(answer?.headers ?? {}),
      content: { size: answer?.body.length ?? 0, mimeType: answer?.contentType ?? "", ...content }, redirectURL: "", headersSize: -1, bodySize: answer?.body.length ?? -1,
    },
    cache: {},
    timings: { send: 0, wait: durationMs, receive: 0 },
  };
}

export function writeHar(file: string, entries: HarEntry[], version: string) {
  writeFileSync(file, `${JSON.stringify({ log: { version: "1.2", creator: { name: "txc-api proxy", version }, entries } }, null, 1)}\n`);
}

const bytesOf = (text: unknown, encoding: unknown) => Buffer.from(typeof text === "string" ? text : "", encoding === "base64" ? "base64" : "utf8");

/** The exchanges of a HAR file (ours or another tool's, such as a browser's), in the order recorded. */
export function readHar(file: string): CarriedExchange[] {
  let har: { log?: { entries?: unknown } };
  try {
    har = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new HarError(`${file}: ${code ? `cannot be read (${code})` : "not JSON"}`);
  }
  const entries = har?.log?.entries;
  if (!Array.isArray(entries)) throw new HarError(`${file}: not a HAR file: log.entries is not a list`);
  return entries.map((entry: Partial<HarEntry>, index) => {
    const request = entry?.request;
    let url: URL | undefined;
    try {
      url = new URL(String(request?.url));
    } catch {}
    if (!request || typeof request.method !== "string" || !url) throw new HarError(`${file}: entry ${index}: request.method and request.url are required`);
    const headers: Record<string, string> = {};
    for (const { name, value } of request.headers ?? []) headers[String(name).toLowerCase()] = String(value);
    const response = entry.response;
    const answered = response && typeof response.status === "number" && response.status > 0;
    const responseHeaders = Object.fromEntries((response?.headers ?? []).map(({ name, value }) => [String(name).toLowerCase(), String(value)]));
    return {
      method: request.method, path: url.pathname, headers, body: bytesOf(request.postData?.text, request.postData?._encoding),
      ...(answered ? { answer: { status: response.status, contentType: String(responseHeaders["content-type"] ?? response.content?.mimeType ?? ""), body: bytesOf(response.content?.text, response.content?.encoding), headers: responseHeaders } } : {}),
    };
  });
}
