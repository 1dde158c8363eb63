// The kit on Node's request and response: route and rate-limit, read the body once admitted, answer
// and write. One path for the kit's listener, `respond()` (so the Express adapter) and the sandbox,
// which passes its own `write` (the call log, its faults).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Reply } from "./error-bodies.js";
import { isPromise, type MaybePromise } from "./maybe-promise.js";
import { internalError, readBody, writeReply, type LineLogger } from "./node-io.js";
import { isAdmitted, type Admitted, type ApiPipeline } from "./pipeline.js";
import { isPrivateOperation } from "./routes.js";

export type NodeAnswerSetup = { maxBodyBytes: number; log: LineLogger; source?: string };
/** Writes the reply to the request (with the body read, when it was). */
export type WriteReply = (reply: Reply, rawBody?: Buffer) => void;

const NO_BODY = Buffer.alloc(0);

/** Answers one request at `path`, from `address`, through the pipeline; an exception is the documented 500, told to `log`. */
export function answerNodeRequest(
  pipeline: Pick<ApiPipeline, "admit" | "answer">,
  request: IncomingMessage,
  response: ServerResponse,
  { path, address }: { path: string; address?: string | undefined },
  { maxBodyBytes, log, source }: NodeAnswerSetup,
  write: WriteReply = (reply) => writeReply(response, reply),
): void {
  const failed = (error: unknown) => internalError(response, error, log, source);
  const send = (reply: MaybePromise<Reply>, rawBody?: Buffer) => {
    if (isPromise(reply)) Promise.resolve(reply).then((ready) => write(ready, rawBody)).catch(failed);
    else write(reply, rawBody);
  };
  const proceed = (admitted: Reply | Admitted) => {
    if (!isAdmitted(admitted)) return write(admitted);
    // A public operation takes no body: nothing to wait for.
    if (!isPrivateOperation(admitted.operationId)) return send(pipeline.answer(admitted, NO_BODY));
    readBody(request, response, maxBodyBytes, path, (rawBody) => send(pipeline.answer(admitted, rawBody), rawBody), log, source);
  };
  try {
    const admitted = pipeline.admit({ method: request.method ?? "", path, headers: request.headers, address: address ?? "unknown" });
    if (isPromise(admitted)) Promise.resolve(admitted).then(proceed).catch(failed);
    else proceed(admitted);
  } catch (error) {
    failed(error);
  }
}
