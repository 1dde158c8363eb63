/**
 * An HTTP/1.1 answer read from a connection's bytes as they arrive (RFC 9112): the status line
 * and headers, then the body as its framing says (Content-Length, chunked, or until the server
 * closes). Interim 1xx answers are skipped. Anything ambiguous is refused rather than guessed:
 * Content-Length and Transfer-Encoding together, differing lengths, a coding other than chunked,
 * a control byte or a bare CR or LF in the head, an obsolete folded line, a head over 16 KiB.
 */

/** The answer could not be read as HTTP/1.1; the connection is not used again. */
export class HttpAnswerError extends Error {
  override name = "HttpAnswerError";
  readonly code = "ERR_HTTP_ANSWER";
}

/** An answer's head: its status and its headers, names in lower case, in the order sent. */
export type AnswerHead = { status: number; headers: readonly string[] };

/** What the parser reports; `end` says whether the connection can carry another request. */
export interface AnswerEvents {
  head(head: AnswerHead): void;
  body(bytes: Buffer): void;
  end(reusable: boolean): void;
}

const MAX_HEAD_BYTES = 16 * 1024;
const MAX_CHUNK_LINE_BYTES = 4 * 1024;
const CRLF = Buffer.from("\r\n");
const HEAD_END = Buffer.from("\r\n\r\n");

const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})(?: [\t\x20-\x7e\x80-\xff]*)?$/;
const HEADER_LINE = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+):[\t ]*([\t\x20-\x7e\x80-\xff]*?)[\t ]*$/;
const CHUNK_SIZE_LINE = /^([0-9A-Fa-f]{1,12})[\t ]*(?:;[\t\x20-\x7e\x80-\xff]*)?$/;
const DIGITS = /^\d{1,15}$/;

type State = "head" | "length" | "close" | "chunk-size" | "chunk-data" | "chunk-data-end" | "trailers" | "done";

const refuse = (reason: string) => new HttpAnswerError(`the answer is not HTTP/1.1 this client can read: ${reason}`);

/** Every value of a header, comma-separated lists split, trimmed and in lower case. */
function listValues(headers: readonly string[], name: string): string[] | undefined {
  let values: string[] | undefined;
  for (let i = 0; i < headers.length; i += 2) {
    if (headers[i] !== name) continue;
    for (const part of headers[i + 1].split(",")) (values ??= []).push(part.trim().toLowerCase());
  }
  return values;
}

function parseHead(text: string): { head: AnswerHead; http10: boolean } {
  const lines = text.split("\r\n");
  const status = STATUS_LINE.exec(lines[0]);
  if (!status) throw refuse(`the status line is ${JSON.stringify(lines[0].slice(0, 60))}`);
  const headers: string[] = [];
  for (let i = 1; i < lines.length; i++) {
    const header = HEADER_LINE.exec(lines[i]);
    if (!header) throw refuse(`header line ${i} is malformed (${JSON.stringify(lines[i].slice(0, 60))})`);
    headers.push(header[1].toLowerCase(), header[2]);
  }
  return { head: { status: Number(status[2]), headers }, http10: status[1] === "0" };
}

export class ResponseParser {
  private state: State = "head";
  /** Bytes of a head or line that a chunk cut short. */
  private pending: Buffer | undefined;
  private remaining = 0;
  private reusable = false;

  constructor(private readonly events: AnswerEvents) {}

  /** Ready for the next answer on the same connection. */
  reset() {
    this.state = "head";
    this.pending = undefined;
  }

  /** Whether an answer is under way: the connection's end then cuts it short, unless it runs until the close. */
  private get started(): boolean {
    return this.state !== "head" || this.pending !== undefined;
  }

  feed(chunk: Buffer) {
    let at = 0;
    while (at < chunk.length) {
      switch (this.state) {
        case "head": {
          const head = this.until(chunk, at, HEAD_END, MAX_HEAD_BYTES, `the head is longer than ${MAX_HEAD_BYTES} bytes`);
          if (!head) return;
          at = head.next;
          this.begin(head.bytes.toString("latin1"), at < chunk.length);
          break;
        }
        case "length": {
          const take = Math.min(this.remaining, chunk.length - at);
          this.remaining -= take;
          this.events.body(chunk.subarray(at, (at += take)));
          if (this.remaining === 0) this.finish(at < chunk.length);
          else if (this.stopped()) return;
          break;
        }
        case "close":
          this.events.body(at === 0 ? chunk : chunk.subarray(at));
          return;
        case "chunk-size": {
          const line = this.until(chunk, at, CRLF, MAX_CHUNK_LINE_BYTES, `a chunk size line is longer than ${MAX_CHUNK_LINE_BYTES} bytes`);
          if (!line) return;
          at = line.next;
          const size = CHUNK_SIZE_LINE.exec(line.bytes.toString("latin1"));
          if (!size) throw refuse("a chunk size is malformed");
          this.remaining = parseInt(size[1], 16);
          this.state = this.remaining === 0 ? "trailers" : "chunk-data";
          break;
        }
        case "chunk-data": {
          const take = Math.min(this.remaining, chunk.length - at);
          this.remaining -= take;
          this.events.body(chunk.subarray(at, (at += take)));
          if (this.stopped()) return;
          if (this.remaining === 0) this.state = "chunk-data-end";
          break;
        }
        case "chunk-data-end": {
          const end = this.until(chunk, at, CRLF, 0, "a chunk is longer than its size");
          if (!end) return;
          at = end.next;
          this.state = "chunk-size";
          break;
        }
        case "trailers": {
          const line = this.until(chunk, at, CRLF, MAX_HEAD_BYTES, `a trailer line is longer than ${MAX_HEAD_BYTES} bytes`);
          if (!line) return;
          at = line.next;
          if (line.bytes.length === 0) this.finish(at < chunk.length);
          else if (!HEADER_LINE.test(line.bytes.toString("latin1"))) throw refuse("a trailer line is malformed");
          break;
        }
        case "done":
          // Bytes after a whole answer (end said the connection is not reusable), or after stop().
          return;
      }
    }
  }

  /** The server closed the connection: the end of a body that runs until then, else an error. */
  closed() {
    if (this.state === "close") return this.finish(false);
    if (this.state === "done") return;
    throw new HttpAnswerError(this.started ? "the server closed the connection before its answer ended" : "the server closed the connection without answering");
  }

  /**
   * The bytes from `at` up to `delimiter` (joined with what an earlier chunk left), and where the
   * next ones start; undefined, the bytes kept, when the delimiter has not arrived yet.
   */
  private until(chunk: Buffer, at: number, delimiter: Buffer, limit: number, tooLong: string): { bytes: Buffer; next: number } | undefined {
    let data = at === 0 ? chunk : chunk.subarray(at);
    let from = 0;
    if (this.pending) {
      from = Math.max(0, this.pending.length - delimiter.length + 1);
      data = Buffer.concat([this.pending, data]);
    }
    const found = data.indexOf(delimiter, from);
    if (found < 0 || found > limit) {
      if (found > limit || data.length > limit + delimiter.length) throw refuse(tooLong);
      this.pending = data;
      return undefined;
    }
    const consumedBefore = this.pending ? this.pending.length : 0;
    this.pending = undefined;
    return { bytes: data.subarray(0, found), next: at + found + delimiter.length - consumedBefore };
  }

  private begin(text: string, bytesFollow: boolean) {
    const { head, http10 } = parseHead(text);
    const { status, headers } = head;
    if (status === 101) throw refuse("101 Switching Protocols, which was not asked for");
    if (status < 200) return; // interim: the final answer follows
    const codings = listValues(headers, "transfer-encoding");
    const lengths = listValues(headers, "content-length");
    const connection = listValues(headers, "connection") ?? [];
    this.reusable = http10 ? connection.includes("keep-alive") : !connection.includes("close");
    this.events.head(head);
    if (this.stopped()) return; // by the head's reader
    if (status === 204 || status === 304) return this.finish(bytesFollow);
    if (codings) {
      if (http10) throw refuse("Transfer-Encoding in an HTTP/1.0 answer");
      if (lengths) throw refuse("both Content-Length and Transfer-Encoding");
      if (codings.length !== 1 || codings[0] !== "chunked") throw refuse(`the transfer coding ${JSON.stringify(codings.join(", "))}, not chunked`);
      this.state = "chunk-size";
    } else if (lengths) {
      if (!lengths.every((length) => DIGITS.test(length) && length === lengths[0])) throw refuse(`Content-Length ${JSON.stringify(lengths.join(", "))}`);
      this.remaining = Number(lengths[0]);
      if (this.remaining === 0) return this.finish(bytesFollow);
      this.state = "length";
    } else {
      this.reusable = false;
      this.state = "close";
    }
  }

  /** Whether stop() was called from an event (or the answer ended). */
  private stopped(): boolean {
    return this.state === "done";
  }

  /** No more events: the connection is closed while the answer is read. */
  stop() {
    this.state = "done";
    this.pending = undefined;
  }

  private finish(bytesFollow: boolean) {
    if (this.state === "done") return;
    this.state = "done";
    this.events.end(this.reusable && !bytesFollow);
  }
}
