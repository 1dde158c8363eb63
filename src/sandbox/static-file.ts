import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** A variant as it is kept: compressed, with a digest of its uncompressed bytes for the ETags. */
type Variant = { gzipped: Buffer; digest: string };

/** Variants held per file (one per address the sandbox is reached at); past that, the oldest goes. */
const MOST_VARIANTS = 16;

const digestOf = (body: Buffer) => createHash("sha256").update(body).digest("base64url").slice(0, 27);

/** Whether an Accept-Encoding header takes gzip with a weight above 0: by name, else by `*`. */
export function acceptsGzip(header: string | undefined): boolean {
  const weights = new Map<string, number>();
  for (const item of (header ?? "").toLowerCase().split(",")) {
    const [coding, ...parameters] = item.split(";").map((part) => part.trim());
    const weight = parameters.find((parameter) => parameter.startsWith("q="));
    weights.set(coding, weight === undefined ? 1 : Number(weight.slice(2)));
  }
  const weight = weights.get("gzip") ?? weights.get("x-gzip") ?? weights.get("*") ?? 0;
  return weight > 0;
}

/**
 * A file served from memory: read once, on the first request that finds it (plain, or gzipped
 * when its name ends in .gz), then answered gzipped to clients that take it and plain to others,
 * with `Vary: Accept-Encoding`, an ETag per encoding, and 304 to a request that already holds it.
 * `adapt` rewrites the text for the origin the request came to (the docs name that origin), each
 * variant built once.
 */
export class StaticFile {
  #text: Promise<string> | undefined;
  readonly #variants = new Map<string, Promise<Variant>>();

  constructor(
    private readonly file: string,
    private readonly contentType: string,
    private readonly adapt?: (text: string, origin: string) => string,
  ) {}

  /** Answers the request; false when the file does not exist (yet), so that the caller can say so. */
  async serve(request: IncomingMessage, response: ServerResponse, origin: string): Promise<boolean> {
    let variant: Variant;
    try {
      variant = await this.#variant(origin);
    } catch {
      return false;
    }
    const gzipped = acceptsGzip(request.headers["accept-encoding"]);
    const etag = `"${variant.digest}${gzipped ? "-gzip" : ""}"`;
    const headers = { ETag: etag, "Cache-Control": "no-cache", Vary: "Accept-Encoding" };
    if (request.headers["if-none-match"]?.split(/\s*,\s*/).includes(etag)) {
      response.writeHead(304, headers).end();
      return true;
    }
    const body = gzipped ? variant.gzipped : await gunzipAsync(variant.gzipped);
    response.writeHead(200, {
      ...headers, "Content-Type": this.contentType, "Content-Length": body.length, ...(gzipped ? { "Content-Encoding": "gzip" } : {}),
    });
    response.end(body);
    return true;
  }

  #variant(origin: string): Promise<Variant> {
    const key = this.adapt ? origin : "";
    const known = this.#variants.get(key);
    if (known) return known;
    const variant = this.#build(origin);
    // A file missing now may be built later: a failure is not kept.
    variant.catch(() => this.#variants.delete(key));
    if (this.#variants.size >= MOST_VARIANTS) this.#variants.delete(this.#variants.keys().next().value!);
    this.#variants.set(key, variant);
    return variant;
  }

  async #build(origin: string): Promise<Variant> {
    this.#text ??= this.#read();
    const text = await this.#text.catch((error) => {
      this.#text = undefined;
      throw error;
    });
    const plain = Buffer.from(this.adapt ? this.adapt(text, origin) : text);
    return { gzipped: await gzipAsync(plain), digest: digestOf(plain) };
  }

  async #read(): Promise<string> {
    const bytes = readFileSync(this.file);
    return (this.file.endsWith(".gz") ? await gunzipAsync(bytes) : bytes).toString("utf8");
  }
}
