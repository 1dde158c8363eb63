import type { Agent, IncomingMessage } from "node:http";
import { redirectFailure, timedOut, tooLarge, TransportFailure, type Answer, type Exchange, type Transport } from "./exchange.js";

type Http = typeof import("node:http");

// A variable specifier keeps browser bundlers from trying to resolve a Node built-in they never load.
const loadModules = (): Promise<[Http, Http]> => {
  const [http, https] = ["node:http", "node:https"];
  return Promise.all([import(http), import(https)]) as Promise<[Http, Http]>;
};

const header = (message: IncomingMessage, name: string): string | null => {
  const value = message.headers[name.toLowerCase()];
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
};

/**
 * Node's own HTTP client with keep-alive connections: about the speed of undici.request here
 * (bench/), with nothing to install. Never follows a redirect; the timeout covers the whole
 * exchange and destroys the socket, so nothing is read once the call has ended.
 */
export function nodeHttpTransport(): Transport {
  let modules: Promise<[Http, Http]> | undefined;
  const agents = new Map<string, Agent>();

  return async (exchange: Exchange): Promise<Answer> => {
    const [http, https] = await (modules ??= loadModules());
    const url = new URL(exchange.url);
    const client = url.protocol === "https:" ? https : http;
    let agent = agents.get(url.protocol);
    if (!agent) agents.set(url.protocol, (agent = new client.Agent({ keepAlive: true })));
    exchange.signal?.throwIfAborted();

    return new Promise<Answer>((resolve, reject) => {
      const headers: Record<string, string | number> = { ...exchange.headers };
      if (exchange.body !== undefined) headers["Content-Length"] = Buffer.byteLength(exchange.body);
      const request = client.request(url, { method: exchange.method, headers, agent });
      let settled = false;
      const end = (failure: unknown, answer?: Answer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        exchange.signal?.removeEventListener("abort", onAbort);
        if (answer) return resolve(answer);
        request.destroy();
        reject(failure);
      };
      const timer = setTimeout(() => end(timedOut(exchange.timeoutMs)), exchange.timeoutMs);
      const onAbort = () => end(exchange.signal!.reason);
      exchange.signal?.addEventListener("abort", onAbort, { once: true });
      const broken = (cause: unknown) => end(new TransportFailure("network", `the connection failed: ${(cause as Error)?.message ?? cause}`, { cause }));

      request.on("error", broken);
      request.on("response", (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) return end(redirectFailure(status, header(response, "location"), exchange.url));
        if (Number(header(response, "content-length")) > exchange.maxResponseBytes) return end(tooLarge(exchange.maxResponseBytes));
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > exchange.maxResponseBytes) end(tooLarge(exchange.maxResponseBytes));
          else chunks.push(chunk);
        });
        response.on("error", broken);
        response.on("close", () => {
          if (!response.complete) broken(new Error("the server closed the connection before the whole answer"));
        });
        response.on("end", () => end(null, { status, headers: { get: (name) => header(response, name) }, text: Buffer.concat(chunks).toString("utf8") }));
      });
      request.end(exchange.body);
    });
  };
}
