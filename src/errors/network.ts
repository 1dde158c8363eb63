import { printable } from "../text/printable.js";
import { TxcApiError } from "./base.js";

/**
 * The request did not reach the server or the connection broke. `cause` holds the underlying
 * error, `code` Node's code for it. A TLS failure (a certificate refused, a handshake that failed)
 * is not `transient`: trying again cannot help, so it is never retried.
 */
export class NetworkError extends TxcApiError {
  override name = "NetworkError";
  readonly code: string | undefined;
  readonly transient: boolean;
  constructor(operationId: string, cause: unknown) {
    const failure = describeNetworkFailure(cause);
    super(operationId, failure.words, { cause });
    this.code = failure.code;
    this.transient = !failure.tls;
  }
}

/** Node's error codes said in words, the code kept for searching. */
const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: "the server refused the connection: nothing listens there",
  ECONNRESET: "the server closed the connection",
  ENOTFOUND: "the host name does not resolve",
  EAI_AGAIN: "the host name could not be resolved now",
  ETIMEDOUT: "the connection timed out",
  EHOSTUNREACH: "the host cannot be reached",
};
const TLS_CODES: Record<string, string> = {
  CERT_HAS_EXPIRED: "TLS: the server's certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "TLS: the server's certificate is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "TLS: the server's certificate chain holds a self-signed certificate",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "TLS: the server's certificate cannot be verified",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "TLS: the server's certificate is signed by an authority this machine does not trust",
  ERR_TLS_CERT_ALTNAME_INVALID: "TLS: the server's certificate is not for this host",
  ERR_SSL_WRONG_VERSION_NUMBER: "TLS: the server did not answer in TLS (is it http, not https, on that port?)",
  EPROTO: "TLS: the handshake failed (is it https on a plain http port?)",
};

type NetworkFailure = { words: string; code?: string; tls: boolean };

/** The cause first, in one line: what happened, then Node's code; never a stack or raw OpenSSL text. */
function describeNetworkFailure(error: unknown): NetworkFailure {
  let at = error as { cause?: unknown; code?: unknown; message?: unknown; reason?: unknown } | undefined;
  for (let depth = 0; at && depth < 5; depth++, at = at.cause as typeof at) {
    const code = typeof at.code === "string" ? at.code : undefined;
    // The answer broke off or is not HTTP/1.1 the transport can read: its message says how.
    if (code === "ERR_HTTP_ANSWER") return { words: printable(`${String(at.message)} (${code})`, 300), code, tls: false };
    if (code && TLS_CODES[code]) return { words: `${TLS_CODES[code]} (${code})`, code, tls: true };
    if (code?.startsWith("ERR_SSL_")) {
      const reason = typeof at.reason === "string" ? at.reason : code.slice("ERR_SSL_".length).toLowerCase().replaceAll("_", " ");
      return { words: printable(`TLS: the handshake failed: ${reason} (${code})`, 300), code, tls: true };
    }
    if (code && NETWORK_CODES[code]) return { words: `${NETWORK_CODES[code]} (${code})`, code, tls: false };
    if (!at.cause) break;
  }
  const message = String((at as { message?: unknown } | undefined)?.message ?? at ?? "unknown");
  return { words: printable(`the request did not complete: ${message.split("\n")[0]}`, 300), tls: false };
}
