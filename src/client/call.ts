import { operationIndex } from "../../generated/operations.js";
import type { Transport } from "../transport/exchange.js";
import { loadedValidators, loadValidators, type OperationValidators } from "../validation/operation-validators.js";
import { SetupError } from "../errors/index.js";
import { buildRequest, type BuiltRequest, type RequestSetup } from "./build-request.js";
import { redactedHeaders } from "../signing/redact.js";
import type { AttemptEvent } from "../transport/attempt-event.js";
import type { HookRunner } from "./hooks.js";
import type { RateLimiter } from "../rate-limits/limiter.js";
import { readAnswer, type AnswerReading } from "./read-answer.js";
import { withRetries, type RetryOptions } from "./retry.js";
import { CallSpan, tracingApi } from "./tracing.js";
import { transportError } from "./transport-error.js";
import type { CallOptions, OperationId } from "./operation-types.js";

/** Everything a client fixed at creation, shared by its calls. */
export type ClientSetup = RequestSetup & AnswerReading & {
  transport: Transport;
  timeoutMs: number;
  maxResponseBytes: number;
  retry: RetryOptions;
  limiter: RateLimiter | undefined;
  hooks: HookRunner;
  propagateTraceContext: boolean;
};

/** The operation's validators: at once once loaded (no promise to wait on), else loaded now. */
function validatorsOf(operationId: OperationId): OperationValidators | Promise<OperationValidators> {
  return loadedValidators(operationId) ?? loadValidators(operationId).catch((cause: Error) => {
    throw new SetupError(operationId, `nothing was sent: its validators (generated/validators/${operationId}.js) could not be loaded: ${cause.message}`, { cause });
  });
}

/**
 * One call, as named steps around the one step of I/O: wait in the rate limiter, build the request
 * (parameters, validation, body, signature), send it (the transport), read the answer (status,
 * JSON, validation, ties to the request); `withRetries` decides on another attempt. The hooks and
 * the span hear each attempt.
 */
export async function callOperation(setup: ClientSetup, operationId: OperationId, params: object | undefined, options: CallOptions): Promise<unknown> {
  const { stateChanging, method } = operationIndex[operationId];
  const bounds = { signal: options.signal, timeoutMs: options.timeoutMs ?? setup.timeoutMs, maxResponseBytes: setup.maxResponseBytes };
  // Awaited only while loading (both are the package's own promises): every call after the first goes on in the same tick.
  const loadingValidators = validatorsOf(operationId);
  const validators = loadingValidators instanceof Promise ? await loadingValidators : loadingValidators;
  const loadingTracing = tracingApi();
  const span = CallSpan.start(loadingTracing instanceof Promise ? await loadingTracing : loadingTracing, operationId, method, setup.urls[operationId]);
  const heard = setup.hooks.any || span !== undefined;
  /** The latest event of this call: each is a new frozen object, so that no hook sees one change. */
  let last: AttemptEvent | undefined;

  const attempt = async (number: number): Promise<unknown> => {
    const queuedFrom = Date.now();
    if (setup.limiter) await setup.limiter.acquire(operationId, options.signal);
    const queuedMs = setup.limiter ? Date.now() - queuedFrom : 0;
    const built: BuiltRequest = buildRequest(setup, operationId, params, options.extraFields, validators, bounds), { exchange } = built;
    if (span && setup.propagateTraceContext) exchange.headers = Object.assign({}, exchange.headers, { traceparent: span.traceparent() });
    if (heard) {
      last = Object.freeze({ operationId, attempt: number, method, url: exchange.url, nonce: built.nonce, bodyBytes: built.bodyBytes, headers: Object.freeze(redactedHeaders(exchange.headers)), queuedMs });
      setup.hooks.emit("onRequest", last);
    }
    const sentAt = performance.now();
    let answer;
    try {
      answer = await setup.transport(exchange);
    } catch (error) {
      throw transportError(error, Object.assign({ operationId, stateChanging }, bounds));
    }
    if (last) {
      last = Object.freeze(Object.assign({}, last, { status: answer.status, durationMs: performance.now() - sentAt }));
      setup.hooks.emit("onResponse", last);
      span?.attempt({ attempt: number, status: answer.status, durationMs: last.durationMs });
    }
    return readAnswer(operationId, answer, built.sent, validators, setup);
  };

  try {
    const body = await withRetries(attempt, {
      policy: setup.retry,
      operationId,
      stateChanging,
      signal: options.signal,
      beforeWait: !heard ? undefined : (error, number, retryInMs, reason) => {
        if (!last) return;
        setup.hooks.emit("onRetry", Object.freeze(Object.assign({}, last, { error, retryInMs, reason })));
        if (last.status === undefined) span?.attempt({ attempt: number, error: (error as Error)?.name });
      },
    });
    span?.end({ status: last?.status });
    return body;
  } catch (error) {
    if (setup.hooks.has("onError")) {
      const nothingSent = { operationId, attempt: 1, method, url: setup.urls[operationId], nonce: undefined, bodyBytes: 0, headers: {}, queuedMs: 0 };
      setup.hooks.emit("onError", Object.freeze(Object.assign({}, last ?? nothingSent, { error })));
    }
    span?.end({ status: last?.status, error });
    throw error;
  }
}
