// An answer as it arrives, read within the bounds: the start refused where it must be (a redirect,
// a declared length over the cap, a coding this package cannot read), then the bytes counted as
// received and as decoded, and the whole answer as text. No connection state: UndiciCall feeds it.
import { isUtf8 } from "node:buffer";
import { decodersFor, type Decoder } from "./decoding.js";
import { isRedirect, redirectFailure, tooLarge, TransportFailure, type HttpAnswer } from "./exchange.js";

export type RawHeaders = Record<string, string | string[] | undefined>;

export const headerValue = (headers: RawHeaders, name: string): string | null => {
  const value = headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
};

/** How an answer ends: whole, or with the failure that stopped reading it. */
export type AnswerEnd = (failure: TransportFailure | null, answer?: HttpAnswer) => void;

export class AnswerBody {
  private readonly chunks: Buffer[] = [];
  private received = 0;
  private decodedSize = 0;
  private readonly decoders: Decoder[];

  private constructor(
    private readonly status: number,
    private readonly headers: RawHeaders,
    private readonly maxBytes: number,
    decoders: Decoder[],
    private readonly end: AnswerEnd,
  ) {
    this.decoders = decoders;
    decoders.forEach((decoder, i) => {
      const next = decoders[i + 1];
      decoder.on("data", next ? (bytes: Buffer) => next.write(bytes) : (bytes: Buffer) => this.keep(bytes));
      decoder.on("end", next ? () => next.end() : () => this.finish());
      decoder.on("error", (error) => this.end(new TransportFailure("network", `the answer's ${headerValue(headers, "content-encoding")} body could not be decoded: ${error.message}`, { status, sent: true })));
    });
  }

  /** The answer's start judged: a body to read, or the failure that refuses it before any byte of it. */
  static start(status: number, headers: RawHeaders, { url, maxResponseBytes }: { url: string; maxResponseBytes: number }, end: AnswerEnd): AnswerBody | TransportFailure {
    if (isRedirect(status)) return redirectFailure(status, headerValue(headers, "location"), url);
    if (Number(headerValue(headers, "content-length")) > maxResponseBytes) return tooLarge(maxResponseBytes, status);
    const found = decodersFor(headerValue(headers, "content-encoding") ?? undefined);
    if ("unknown" in found) {
      return new TransportFailure("network", `the answer's Content-Encoding is ${JSON.stringify(found.unknown.slice(0, 40))}, which this client cannot decode (it reads gzip, deflate and br)`, { status });
    }
    return new AnswerBody(status, headers, maxResponseBytes, found.decoders, end);
  }

  /** Bytes as received, counted against the cap before they are decoded. */
  write(chunk: Buffer) {
    this.received += chunk.length;
    if (this.received > this.maxBytes) return this.end(tooLarge(this.maxBytes, this.status));
    if (this.decoders.length) this.decoders[0]!.write(chunk);
    else this.keep(chunk);
  }

  /** The last byte received: the answer ends once the decoders have flushed. */
  close() {
    if (this.decoders.length) this.decoders[0]!.end();
    else this.finish();
  }

  /** Stops decoding: the answer will not be read further. */
  destroy() {
    for (const decoder of this.decoders) decoder.destroy();
  }

  private keep(bytes: Buffer) {
    this.decodedSize += bytes.length;
    if (this.decodedSize > this.maxBytes) return this.end(tooLarge(this.maxBytes, this.status));
    this.chunks.push(bytes);
  }

  private finish() {
    const bytes = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const { headers } = this;
    const decoded = this.decoders.length > 0;
    this.end(null, {
      status: this.status,
      headers: { get: (name) => (decoded && /^content-(?:encoding|length)$/i.test(name) ? null : headerValue(headers, name.toLowerCase())) },
      text: bytes.toString("utf8"),
      utf8: isUtf8(bytes),
    });
  }
}
