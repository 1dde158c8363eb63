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

/** A request ready for the transport, and what was sent, for reading its answer. */
export type BuiltRequest = {
  exchange: Omit<Exchange, "signal" | "timeoutMs" | "maxResponseBytes">;
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
export function buildRequest(setup: RequestSetup, operationId: OperationId, params: object | undefined, callExtra: ExtraFields | undefined, validators: OperationValidators): BuiltRequest {
  const { method, signed, stateChanging } = operationIndex[operationId];
  const exchange = { url: setup.urls[operationId], method, readOnly: !stateChanging };
  if (!signed) {
    const wrongParams = parameterIssues(operationId, params);
    if (wrongParams.length) throw new RequestValidationError(operationId, wrongParams);
    return { exchange, sent: {}, nonce: undefined, bodyBytes: 0 };
  }
  const { keys } = setup;
  if (!keys) throw new SetupError(operationId, "nothing was sent: this operation is signed: pass apiKey and apiSecret to createClient (only ping needs neither)");
  const { sent, body, bodyBytes, headers, nonce } = signCall({ operationId, keys, nonce: setup.nonce, fields: params, extraFields: { client: setup.extraFields, call: callExtra }, validators });
  return { exchange: { ...exchange, headers, body, orderKey: keys.apiKey }, sent, nonce, bodyBytes };
}
