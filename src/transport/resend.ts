/**
 * What a failure says of its connection. The transport's TransportFailure says it, and so does the
 * client's NetworkError that carries one up: a typed property, read the same way everywhere.
 */
export type ConnectionSignal = {
  /** The connection closed before any byte of the answer came. */
  readonly closedBeforeAnswer: boolean;
};

const saysClosedBeforeAnswer = (failure: unknown) =>
  failure instanceof Error && (failure as Error & Partial<ConnectionSignal>).closedBeforeAnswer === true;

/**
 * The one resend rule, for every sender in the package (the client, txc-api/openapi-fetch, the
 * contract tester): a read-only request whose connection closed before any byte of its answer
 * came (most often a keep-alive connection the server had just closed: the sender's mishap, not
 * an answer) may go once more at once, signed afresh. A state-changing one never does: the server
 * may have acted on it.
 */
export const mayResend = (failure: unknown, readOnly: boolean): boolean => readOnly && saysClosedBeforeAnswer(failure);

/** `send` once, and once more when `mayResend` allows it and the caller has not aborted; `send` signs afresh each time. */
export async function sendResendingOnce<T>(send: () => Promise<T>, readOnly: boolean, signal?: AbortSignal): Promise<T> {
  try {
    return await send();
  } catch (failure) {
    if (signal?.aborted || !mayResend(failure, readOnly)) throw failure;
    return send();
  }
}
