import { operationIndex } from "../../generated/operations.js";
import type { Credentials } from "../signing/sign.js";
import type { NonceSource } from "../signing/nonce.js";
import type { Exchange } from "../transport/exchange.js";
import type { OperationValidators } from "../validation/operation-validators.js";
import { RequestValidationError, SetupError } from "../errors/index.js";
import type { ExtraFields } from "./extra-fields.js";
import { parameterIssues } from "./params.js";
import { signCall } from "./sign-call.js";
import type { OperationId } from "./operation-types.js";

/** What a client fixes once, at creation, for every request it builds. */
export type RequestSetup = {
  urls: Readonly<Record<OperationId, string>>;
  keys: Credentials | undefined;
  nonce: NonceSource;
  extraFields: ExtraFields | undefined;
};

/** What one attempt holds the transport to: the caller's signal, the timeout, the size cap. */
export type AttemptBounds = Pick<Exchange, "signal" | "timeoutMs" | "maxResponseBytes">;

/** A request ready for the transport, and what was sent, for reading its answer. */
export type BuiltRequest = {
  exchange: Exchange;
  /** The signed body as an object (empty for an unsigned call): answers tied to their request read it. */
  sent: Record<string, unknown>;
  nonce: string | undefined;
  bodyBytes: number;
};

/**
 * Step one of a call, pure but for the nonce it takes: the parameters checked by name, the extra
 * fields merged, the body validated against the document, then signed. Throws what is wrong;
 * nothing is sent.
 */
export function buildRequest(setup: RequestSetup, operationId: OperationId, params: object | undefined, callExtra: ExtraFields | undefined, validators: OperationValidators, bounds: AttemptBounds): BuiltRequest {
  const { method, signed, stateChanging } = operationIndex[operationId];
  const url = setup.urls[operationId];
  const { signal, timeoutMs, maxResponseBytes } = bounds;
  // Each exchange is one object literal, never a spread plus fields: on Node 20, adding fields to
  // a spread costs about 1.7 µs each (timing the client's steps found it: 11 µs of a call).
  if (!signed) {
    const wrongParams = parameterIssues(operationId, params);
    if (wrongParams.length) throw new RequestValidationError(operationId, wrongParams);
    return { exchange: { url, method, readOnly: !stateChanging, signal, timeoutMs, maxResponseBytes }, sent: {}, nonce: undefined, bodyBytes: 0 };
  }
  const { keys } = setup;
  if (!keys) throw new SetupError(operationId, "nothing was sent: this operation is signed: pass apiKey and apiSecret to createClient (only ping needs neither)");
  const { sent, body, bodyBytes, headers, nonce } = signCall({ operationId, keys, nonce: setup.nonce, fields: params, extraFields: { client: setup.extraFields, call: callExtra }, validators });
  return { exchange: { url, method, readOnly: !stateChanging, headers, body, orderKey: keys.apiKey, signal, timeoutMs, maxResponseBytes }, sent, nonce, bodyBytes };
}
