// Requests as a test needs them to be exact: a signed balance request of a given body size, sent
// on a connection of its own, and bytes written to a socket as they are.
import { request } from "node:http";
import { connect } from "node:net";
import { expect } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import { signRequest } from "../../src/index.js";

export const BALANCE = operationIndex.getMainBalance.path;

let nonce = 1_000_000_000_000;
/** A signed balance request whose body is exactly `bytes` long (the ticker padded to it). */
export function signedOfSize(bytes: number, key: { apiKey: string; apiSecret: string }) {
  const at = ++nonce;
  const bare = signRequest({ path: BALANCE, body: { ticker: "" }, ...key, nonce: at }).body.length;
  const signed = signRequest({ path: BALANCE, body: { ticker: "T".repeat(bytes - bare) }, ...key, nonce: at });
  expect(Buffer.byteLength(signed.body)).toBe(bytes);
  return signed;
}

export type Heard = { status: number; body: unknown } | { ended: string };

/** Sends on a connection of its own: the status and JSON body, or how the connection ended without one. */
export function send(url: string, { method = "POST", headers = {}, body = "" }: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Heard> {
  return new Promise((resolve) => {
    const outgoing = request(url, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk)).on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let parsed: unknown = text;
        try { parsed = JSON.parse(text); } catch { /* kept as text: the assertion shows it */ }
        resolve({ status: response.statusCode!, body: parsed });
      });
    });
    outgoing.on("error", (error: NodeJS.ErrnoException) => resolve({ ended: error.code ?? error.message }));
    outgoing.end(body);
  });
}

/** Writes `bytes` to a fresh connection and reads until the server closes it: the raw answer. */
export function sendRawBytes(baseUrl: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let answer = "";
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    socket.on("data", (chunk) => (answer += chunk)).on("end", () => resolve(answer)).on("close", () => resolve(answer)).on("error", reject);
  });
}

/** The status and JSON body of a raw HTTP/1.1 answer. */
export function parseRawAnswer(raw: string): { status: number; body: unknown } {
  const [head = "", body = ""] = raw.split("\r\n\r\n");
  return { status: Number(head.split(" ")[1]), body: JSON.parse(body) };
}
