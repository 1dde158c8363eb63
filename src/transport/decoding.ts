import { createBrotliDecompress, createGunzip, createInflate, type Gunzip } from "node:zlib";

/** A stream that turns an answer's coded bytes back into the bytes the server encoded. */
export type Decoder = Gunzip;

const DECODERS: Record<string, () => Decoder> = {
  gzip: createGunzip,
  "x-gzip": createGunzip,
  br: createBrotliDecompress,
  // "deflate" is the zlib format (RFC 9110 8.4.1.2).
  deflate: createInflate,
};

/**
 * The decoders for a Content-Encoding value, the last coding applied first; `[]` for none or
 * identity. A coding this package cannot read is returned as `unknown`: the answer is then not read.
 */
export function decodersFor(contentEncoding: string | undefined): { decoders: Decoder[] } | { unknown: string } {
  const decoders: Decoder[] = [];
  if (!contentEncoding) return { decoders };
  const codings = contentEncoding.toLowerCase().split(",").map((coding) => coding.trim()).filter((coding) => coding && coding !== "identity");
  if (codings.length > 3) return { unknown: contentEncoding };
  for (const coding of codings.reverse()) {
    const make = DECODERS[coding];
    if (!make) return { unknown: coding };
    decoders.push(make());
  }
  return { decoders };
}
