// One exchange carried: the request read within the cap, forwarded to the upstream as it came,
// and the upstream's answer read within the cap and passed back unchanged.
import type { IncomingMessage, ServerResponse } from "node:http";
import { request as send } from "undici";
import type { UpstreamConnections } from "./upstream-connections.js";
import { networkFailureWords } from "../errors/network.js";
import type { CarriedExchange, ProxyViolation } from "./traffic.js";
import type { UnsignedRequestSigner } from "./sign-unsigned.js";

/** Where and how the proxy forwards: the upstream, its connections, the caps, and the signer of unsigned requests (--sign). */
export type Upstream = { url: URL; connections: UpstreamConnections; maxBodyBytes: number; timeoutMs: number; sign?: UnsignedRequestSigner | undefined };

// Hop-by-hop headers (RFC 9110 7.6.1) are the connection's, not the message's. `Expect:
// 100-continue` was the client's with the proxy, which answered it (Node sends the 100) and read
// the whole body: the upstream gets that body without the expectation (undici refuses to send one).
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer", "host", "content-length", "expect"]);

const endToEnd = (headers: Record<string, string | string[] | undefined>) => {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
};

async function readLimited(body: AsyncIterable<unknown>, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export const jsonAnswer = (response: ServerResponse, status: number, message: string) => {
  const text = JSON.stringify({ code: status, message, errors: {} });
  response.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), "Cache-Control": "no-store" });
  response.end(text);
};

/**
 * Carries one request to the upstream and its answer back; the proxy's own refusals (a body over
 * the cap: 413; no answer from the upstream: 502) are reported as "upstream" violations. Returns
 * the exchange as carried, for the checks, or undefined when nothing was forwarded. `onSend` is
 * told the moment it goes to the upstream: the order the exchanges are judged in.
 */
export async function forward(request: IncomingMessage, response: ServerResponse, upstream: Upstream, report: (violation: ProxyViolation) => void, onSend: () => void = () => {}): Promise<CarriedExchange | undefined> {
  const target = request.url ?? "/";
  const path = target.split("?")[0]!;
  const method = request.method ?? "GET";
  const { maxBodyBytes, timeoutMs } = upstream;
  const read = await readLimited(request, maxBodyBytes);
  if (!read) {
    jsonAnswer(response, 413, `txc-api proxy: the request body is larger than ${maxBodyBytes} bytes; it was not forwarded`);
    report({ operationId: null, check: "upstream", message: "request body over the proxy's cap: not forwarded", method, path, status: 413 });
    return undefined;
  }
  const signing = upstream.sign ? upstream.sign(method, path, request.headers, read) : { headers: request.headers, body: read };
  if ("refused" in signing) {
    jsonAnswer(response, 400, `txc-api proxy --sign: ${signing.refused}; it was not forwarded`);
    return undefined;
  }
  const { headers, body } = signing;
  const exchange: CarriedExchange = { method, path, headers, body };
  const connection = upstream.connections.take(headers);
  onSend();
  try {
    const answer = await send(new URL(upstream.url.pathname.replace(/\/$/, "") + target, upstream.url.origin), {
      method: method as "POST", headers: endToEnd(headers), body: method === "GET" || method === "HEAD" ? undefined : body, dispatcher: connection.agent,
      headersTimeout: timeoutMs, bodyTimeout: timeoutMs,
    });
    const bytes = await readLimited(answer.body, maxBodyBytes);
    if (!bytes) throw new Error(`the upstream's answer is larger than ${maxBodyBytes} bytes`);
    const passed = endToEnd(answer.headers);
    passed["content-length"] = String(bytes.length);
    response.writeHead(answer.statusCode, passed);
    response.end(bytes);
    exchange.answer = { status: answer.statusCode, contentType: String(answer.headers["content-type"] ?? ""), body: bytes, headers: passed };
  } catch (error) {
    const why = error instanceof Error && /larger than/.test(error.message) ? error.message : networkFailureWords(error);
    jsonAnswer(response, 502, `txc-api proxy: no answer from the upstream ${upstream.url.origin}: ${why}`);
    report({ operationId: null, check: "upstream", message: why, method, path, status: 502 });
  } finally {
    connection.done();
  }
  return exchange;
}
