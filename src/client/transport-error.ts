import { TransportFailure } from "../transport/exchange.js";
import { NetworkError, RedirectError, ResponseTooLargeError, SetupError, TimeoutError } from "../errors/index.js";

export type ExchangeContext = {
  /** The operation, or the path where no operation is known (openapi-fetch). */
  operationId: string;
  signal?: AbortSignal | null;
  timeoutMs: number;
  maxResponseBytes: number;
  stateChanging: boolean;
};

/** Why an exchange ended without an answer, as the error the client throws; the caller's abort reason as it is. */
export function transportError(error: unknown, { operationId, signal, timeoutMs, maxResponseBytes, stateChanging }: ExchangeContext): unknown {
  if (signal?.aborted) return signal.reason;
  if (!(error instanceof TransportFailure)) return new NetworkError(operationId, error, { stateChanging });
  switch (error.kind) {
    case "timeout": return new TimeoutError(operationId, timeoutMs, stateChanging);
    case "redirect": return new RedirectError(operationId, error.detail.status!, error.detail.location, error.message);
    case "too-large": return new ResponseTooLargeError(operationId, maxResponseBytes);
    case "setup": return new SetupError(operationId, error.message, { cause: error.detail.cause });
    default: return new NetworkError(operationId, error, { sent: error.detail.sent, stateChanging, closedBeforeAnswer: error.kind === "closed-before-answer", words: error.ownWords });
  }
}
