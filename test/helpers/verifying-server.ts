import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { listenOnLoopback } from "./loopback.js";

export type Received = {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  rawBody: Buffer;
  body: any;
  /** Why the signature check failed, or null when payload, signature and request path all hold. */
  signatureProblem: string | null;
};
export type Answer = { status: number; body?: unknown; text?: string; headers?: Record<string, string>; delayMs?: number };
export type Responder = (received: Received, index: number) => Answer | Promise<Answer>;

export type VerifyingServer = {
  baseUrl: string;
  received: Received[];
  respondWith(responder: Responder): void;
  close(): Promise<void>;
};

/** Recomputes the signature from the exact bytes received, as the real API does. */
export function signatureProblem(rawBody: Buffer, headers: IncomingMessage["headers"], path: string, secrets: Record<string, string>): string | null {
  const apiKey = headers["x-txc-apikey"];
  const payload = headers["x-txc-payload"];
  const signature = headers["x-txc-signature"];
  if (typeof apiKey !== "string" || typeof payload !== "string" || typeof signature !== "string") return "missing header";
  const secret = secrets[apiKey];
  if (!secret) return "unknown key";
  if (payload !== rawBody.toString("base64")) return "payload is not the base64 of the body";
  const expected = createHmac("sha512", secret).update(payload).digest();
  const given = Buffer.from(signature, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "wrong signature";
  if (JSON.parse(rawBody.toString("utf8")).request !== path) return "request is not the path";
  return null;
}

/** A loopback server that records every request, checks its signature, and answers as told. */
export async function startVerifyingServer(secrets: Record<string, string>, responder: Responder): Promise<VerifyingServer> {
  const received: Received[] = [];
  let respond = responder;
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks);
    const path = new URL(request.url!, "http://127.0.0.1").pathname;
    let body: unknown = undefined;
    try {
      body = rawBody.length ? JSON.parse(rawBody.toString("utf8")) : undefined;
    } catch {}
    const entry: Received = {
      method: request.method!,
      path,
      headers: request.headers,
      rawBody,
      body,
      signatureProblem: request.method === "POST" ? signatureProblem(rawBody, request.headers, path, secrets) : null,
    };
    received.push(entry);
    const answer = await respond(entry, received.length - 1);
    // A delayed answer waits at most until the client has gone, so that a long delay holds nothing open.
    if (answer.delayMs) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, answer.delayMs);
        response.once("close", () => (clearTimeout(timer), resolve()));
      });
    }
    if (response.destroyed) return;
    const text = answer.text ?? JSON.stringify(answer.body);
    response.writeHead(answer.status, { "Content-Type": "application/json", ...answer.headers });
    response.end(text);
  });
  const { baseUrl, close } = await listenOnLoopback(server);
  return { baseUrl, received, respondWith: (next) => (respond = next), close };
}
