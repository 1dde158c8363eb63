import { printable } from "../text/printable.js";
import type { ConnectionSignal } from "../transport/resend.js";
import { TxcApiError } from "./base.js";

/**
 * The request did not reach the server or the connection broke. `cause` holds the underlying
 * error, `code` Node's code for it. A TLS failure (a certificate refused, a handshake that failed)
 * is not `transient`: trying again cannot help, so it is never retried. `mayHaveReachedServer` is
 * false only when the request was never written (the connection could not be opened); for a
 * state-changing operation the message says which it was.
 */
export class NetworkError extends TxcApiError implements ConnectionSignal {
  override name = "NetworkError";
  readonly code: string | undefined;
  readonly transient: boolean;
  readonly mayHaveReachedServer: boolean;
  /** The connection closed before any byte of the answer came (for a read-only call, the client sent it once more first). */
  readonly closedBeforeAnswer: boolean;
  constructor(
    operationId: string,
    cause: unknown,
    { sent, stateChanging = false, closedBeforeAnswer = false, words }: { sent?: boolean | undefined; stateChanging?: boolean; closedBeforeAnswer?: boolean; words?: string | undefined } = {},
  ) {
    const failure = words === undefined ? describeNetworkFailure(cause) : { words: printable(words, 300), tls: false };
    const mayHaveReachedServer = sent ?? true;
    const consequence = !stateChanging ? "" : mayHaveReachedServer
      ? ". The request was sent and the server may have acted on it: check (the balance, the refund) before sending it again"
      : ". Nothing reached the server: sending it again is safe";
    super(operationId, failure.words + consequence, { cause });
    this.code = failure.code;
    this.transient = !failure.tls && !failure.permanent;
    this.mayHaveReachedServer = mayHaveReachedServer;
    this.closedBeforeAnswer = closedBeforeAnswer;
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

type NetworkFailure = { words: string; code?: string | undefined; tls: boolean; permanent?: boolean };

/** Why a connection failed, in the one line a NetworkError says it (the contract tester says the same). */
export const networkFailureWords = (error: unknown): string => describeNetworkFailure(error).words;

/** The cause first, in one line: what happened, then Node's code; never a stack or raw OpenSSL text. */
function describeNetworkFailure(error: unknown): NetworkFailure {
  let at = error as { cause?: unknown; code?: unknown; message?: unknown; reason?: unknown; address?: unknown; port?: unknown } | undefined;
  for (let depth = 0; at && depth < 5; depth++, at = at.cause as typeof at) {
    const code = typeof at.code === "string" ? at.code : undefined;
    // undici's HTTP/1.1 parser refused the answer: the same server would send the same again.
    if ((at as Error).name === "HTTPParserError") {
      return { words: printable(`the answer is not HTTP/1.1 this client can read: ${String(at.message).replace(/^Response does not match the HTTP\/1\.1 protocol \((.*)\)$/, "$1")}${code ? ` (${code})` : ""}`, 300), code, tls: false, permanent: true };
    }
    if (code === "UND_ERR_RES_CONTENT_LENGTH_MISMATCH") {
      return { words: `the answer is not HTTP/1.1 this client can read: its body does not match its Content-Length (${code})`, code, tls: false, permanent: true };
    }
    if (code?.startsWith("UND_ERR_")) return { words: printable(`${undiciWords(code, at.message)} (${code})`, 300), code, tls: false };
    if (code && TLS_CODES[code]) return { words: `${TLS_CODES[code]} (${code})`, code, tls: true };
    if (code?.startsWith("ERR_SSL_")) {
      const reason = typeof at.reason === "string" ? at.reason : code.slice("ERR_SSL_".length).toLowerCase().replaceAll("_", " ");
      return { words: printable(`TLS: the handshake failed: ${reason} (${code})`, 300), code, tls: true };
    }
    if (code && NETWORK_CODES[code]) return { words: `${NETWORK_CODES[code]}${where(at)} (${code})`, code, tls: false };
    if (!at.cause) break;
  }
  const message = String((at as { message?: unknown } | undefined)?.message ?? at ?? "unknown");
  return { words: printable(`the request did not complete: ${message.split("\n")[0]}`, 300), tls: false };
}

/** undici's errors in plain words: the message it gives, without its class name. */
function undiciWords(code: string, message: unknown): string {
  if (code === "UND_ERR_SOCKET" && /other side closed/.test(String(message))) return "the server closed the connection";
  if (code === "UND_ERR_CONNECT_TIMEOUT") return "the connection could not be opened in time";
  return `the answer could not be read: ${String(message).split("\n")[0]}`;
}

/** The address and port Node names in a connection's error, as " at 127.0.0.1:9". */
function where(error: { address?: unknown; port?: unknown }): string {
  return typeof error.address === "string" && typeof error.port === "number" ? ` at ${error.address.includes(":") ? `[${error.address}]` : error.address}:${error.port}` : "";
}
