import type { ProxyCheck } from "./check-names.js";

/** One exchange the proxy carried: the request as it came, the upstream's answer as it went back. */
export type CarriedExchange = {
  method: string;
  /** The path as requested, without the query. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The upstream's answer; undefined when there was none (the proxy answered 502). */
  answer?: { status: number; contentType: string; body: Buffer; headers?: Record<string, string | string[]> };
};

/** One violation of the document seen on live traffic; never a secret. */
export type ProxyViolation = {
  /** The operation, or null for a path the document does not have. */
  operationId: string | null;
  check: ProxyCheck | "upstream";
  message: string;
  method: string;
  path: string;
  /** The status returned to the caller (502 when the upstream gave no answer). */
  status: number;
  /** For a request the document refuses: what a server built on txc-api/server answers it (status and error body). */
  documentedAnswer?: { status: number; body: unknown };
};

export type CheckRan = { operationId: string | null; check: string; exchanges: number; violations: number };
