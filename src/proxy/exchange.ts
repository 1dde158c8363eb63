/** One exchange the proxy carried: the request as it came, the upstream's answer as it went back. */
export type Exchange = {
  method: string;
  /** The path as requested, without the query. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The upstream's answer; undefined when there was none (the proxy answered 502). */
  answer?: { status: number; contentType: string; body: Buffer; headers?: Record<string, string | string[]> };
};
