import { describe, expect, it } from "vitest";
import { HttpAnswerError, ResponseParser } from "../../src/transport/http1/response-parser.js";

type Read = { status?: number; headers?: readonly string[]; body: string; reusable?: boolean; closedEarly?: boolean };

/** Feeds the answer in pieces of `size` bytes (0: whole), then closes the connection if asked. */
function read(answer: string, { size = 0, close = false } = {}): Read {
  const result: Read = { body: "" };
  const parser = new ResponseParser({
    head: ({ status, headers }) => Object.assign(result, { status, headers }),
    body: (bytes) => (result.body += bytes.toString("latin1")),
    end: (reusable) => (result.reusable = reusable),
  });
  const bytes = Buffer.from(answer, "latin1");
  for (let at = 0; at < bytes.length; at += size || bytes.length) parser.feed(bytes.subarray(at, at + (size || bytes.length)));
  if (close) parser.closed();
  return result;
}

/** The same answer read whole, byte by byte, and in 3- and 7-byte pieces, must read the same. */
function readEveryWay(answer: string, options: { close?: boolean } = {}): Read {
  const whole = read(answer, options);
  for (const size of [1, 3, 7]) expect(read(answer, { ...options, size })).toEqual(whole);
  return whole;
}

const head = (lines: string[]) => `${lines.join("\r\n")}\r\n\r\n`;

describe("the answers it reads, whatever the pieces they arrive in", () => {
  it("a Content-Length body, the connection kept", () => {
    expect(readEveryWay(head(["HTTP/1.1 200 OK", "Content-Type: application/json", "Content-Length: 11"]) + '{"a":"b c"}')).toEqual({
      status: 200, headers: ["content-type", "application/json", "content-length", "11"], body: '{"a":"b c"}', reusable: true,
    });
  });

  it("a chunked body with an extension and trailers", () => {
    const answer = head(["HTTP/1.1 200 OK", "Transfer-Encoding: chunked"]) + "4;name=value\r\n{\"a\"\r\nA\r\n:\"0123456\"\r\n1\r\n}\r\n0\r\nX-Trailer: yes\r\n\r\n";
    expect(readEveryWay(answer)).toMatchObject({ status: 200, body: '{"a":"0123456"}', reusable: true });
  });

  it("a body that runs until the server closes: read whole, the connection not kept", () => {
    expect(readEveryWay(head(["HTTP/1.1 200 OK", "Content-Type: application/json"]) + "[1,2,3]", { close: true })).toMatchObject({ body: "[1,2,3]", reusable: false });
  });

  it("interim 1xx answers skipped, the final one read", () => {
    const answer = head(["HTTP/1.1 100 Continue"]) + head(["HTTP/1.1 103 Early Hints", "Link: </a>"]) + head(["HTTP/1.1 200 OK", "Content-Length: 2"]) + "{}";
    expect(readEveryWay(answer)).toMatchObject({ status: 200, body: "{}", reusable: true });
  });

  it("no body for 204 and 304, whatever their Content-Length says", () => {
    expect(readEveryWay(head(["HTTP/1.1 204 No Content", "Content-Length: 5"]))).toMatchObject({ status: 204, body: "", reusable: true });
    expect(readEveryWay(head(["HTTP/1.1 304 Not Modified"]))).toMatchObject({ status: 304, body: "", reusable: true });
  });

  it("a status line without a reason phrase; spaces around a value trimmed", () => {
    expect(readEveryWay(head(["HTTP/1.1 429", "Retry-After: \t 3 ", "Content-Length: 0"]))).toEqual({ status: 429, headers: ["retry-after", "3", "content-length", "0"], body: "", reusable: true });
  });

  it("keeps the connection only as the answer allows", () => {
    expect(readEveryWay(head(["HTTP/1.1 200 OK", "Content-Length: 2"]) + "{}").reusable).toBe(true);
    expect(read(head(["HTTP/1.1 200 OK", "Connection: close", "Content-Length: 2"]) + "{}").reusable).toBe(false);
    expect(read(head(["HTTP/1.0 200 OK", "Content-Length: 2"]) + "{}").reusable).toBe(false);
    expect(read(head(["HTTP/1.0 200 OK", "Connection: Keep-Alive", "Content-Length: 2"]) + "{}").reusable).toBe(true);
    // Bytes after the answer that no request asked for: the answer stands, the connection goes.
    expect(read(head(["HTTP/1.1 200 OK", "Content-Length: 2"]) + "{}HTTP/1.1 200 OK\r\n")).toMatchObject({ body: "{}", reusable: false });
  });
});

describe("the answers it refuses, naming why", () => {
  it.each([
    ["Content-Length with Transfer-Encoding", head(["HTTP/1.1 200 OK", "Content-Length: 2", "Transfer-Encoding: chunked"]), /both Content-Length and Transfer-Encoding/],
    ["two different lengths", head(["HTTP/1.1 200 OK", "Content-Length: 2", "Content-Length: 3"]), /Content-Length "2, 3"/],
    ["a length that is not digits", head(["HTTP/1.1 200 OK", "Content-Length: 2x"]), /Content-Length "2x"/],
    ["a coding it cannot decode", head(["HTTP/1.1 200 OK", "Transfer-Encoding: gzip, chunked"]), /transfer coding "gzip, chunked"/],
    ["a control byte in a header value", head(["HTTP/1.1 200 OK", "X-Note: a\u0001b", "Content-Length: 0"]), /header line 1 is malformed/],
    ["a bare LF inside the head", "HTTP/1.1 200 OK\r\nX-A: 1\nX-B: 2\r\nContent-Length: 0\r\n\r\n", /header line 1 is malformed/],
    ["an obsolete folded line", head(["HTTP/1.1 200 OK", "X-A: 1", " folded", "Content-Length: 0"]), /header line 2 is malformed/],
    ["a space before the colon", head(["HTTP/1.1 200 OK", "Content-Length : 0"]), /header line 1 is malformed/],
    ["a status line that is not HTTP/1.x", head(["HTTP/2 200", "Content-Length: 0"]), /status line is "HTTP\/2 200"/],
    ["a head over 16 KiB", head(["HTTP/1.1 200 OK", `X-Big: ${"a".repeat(17 * 1024)}`]), /head is longer than 16384 bytes/],
    ["a chunk size that is not hex", head(["HTTP/1.1 200 OK", "Transfer-Encoding: chunked"]) + "zz\r\n", /chunk size is malformed/],
    ["a chunk longer than its size", head(["HTTP/1.1 200 OK", "Transfer-Encoding: chunked"]) + "2\r\nabc\r\n", /chunk is longer than its size/],
    ["101 Switching Protocols", head(["HTTP/1.1 101 Switching Protocols", "Upgrade: websocket"]), /101 Switching Protocols, which was not asked for/],
  ])("%s", (_, answer, reason) => {
    for (const size of [0, 1]) {
      let failure: unknown;
      try {
        read(answer, { size });
      } catch (error) {
        failure = error;
      }
      expect(failure).toBeInstanceOf(HttpAnswerError);
      expect((failure as Error).message).toMatch(reason);
    }
  });

  it("a connection closed before the answer ended, or before any answer", () => {
    expect(() => read(head(["HTTP/1.1 200 OK", "Content-Length: 10"]) + "{}", { close: true })).toThrow("the server closed the connection before its answer ended");
    expect(() => read(head(["HTTP/1.1 200 OK", "Transfer-Encoding: chunked"]) + "2\r\n{}\r\n", { close: true })).toThrow("before its answer ended");
    expect(() => read("HTTP/1.1 20", { close: true })).toThrow("before its answer ended");
    expect(() => read("", { close: true })).toThrow("the server closed the connection without answering");
  });
});
