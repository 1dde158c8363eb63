import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";

type Loaded = { body: Buffer; etag: string };

/** Variants held per file (one per address the sandbox is reached at); past that, the oldest goes. */
const MOST_VARIANTS = 16;

const loaded = (body: Buffer): Loaded => ({ body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` });

/**
 * A file served from memory: read once, on the first request that finds it, then answered with
 * an ETag, and 304 to a request that already holds it. Looping clients cost no disk reads.
 * `adapt` rewrites the text for the origin the request came to (the docs name that origin), each
 * variant built once.
 */
export class StaticFile {
  #file: Buffer | undefined;
  readonly #variants = new Map<string, Loaded>();

  constructor(
    private readonly file: string,
    private readonly contentType: string,
    private readonly adapt?: (text: string, origin: string) => string,
  ) {}

  /** Answers the request; false when the file does not exist (yet), so that the caller can say so. */
  serve(request: IncomingMessage, response: ServerResponse, origin: string): boolean {
    const variant = this.#variant(origin);
    if (!variant) return false;
    const headers = { ETag: variant.etag, "Cache-Control": "no-cache" };
    if (request.headers["if-none-match"]?.split(/\s*,\s*/).includes(variant.etag)) {
      response.writeHead(304, headers).end();
    } else {
      response.writeHead(200, { ...headers, "Content-Type": this.contentType, "Content-Length": variant.body.length }).end(variant.body);
    }
    return true;
  }

  #variant(origin: string): Loaded | undefined {
    const key = this.adapt ? origin : "";
    const known = this.#variants.get(key);
    if (known) return known;
    try {
      this.#file ??= readFileSync(this.file);
    } catch {
      return undefined;
    }
    const variant = loaded(this.adapt ? Buffer.from(this.adapt(this.#file.toString("utf8"), origin)) : this.#file);
    if (this.#variants.size >= MOST_VARIANTS) this.#variants.delete(this.#variants.keys().next().value!);
    this.#variants.set(key, variant);
    return variant;
  }
}
