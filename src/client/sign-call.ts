// The one signer of every route (createClient, createSignedFetchClient, signingMiddleware): the
// caller's fields checked by name and against the document, the signing fields set, the body text
// signed as it will be sent.
import { operationIndex } from "../../generated/operations.js";
import { RequestValidationError } from "../errors/index.js";
import { signBodyBytes, signBodyText, type Credentials, type SignedHeaders } from "../signing/sign.js";
import { bodyText, signedBody } from "../signing/body.js";
import type { NonceSource } from "../signing/nonce.js";
import { validationIssues } from "../validation/issues.js";
import type { OperationValidators } from "../validation/operation-validators.js";
import { extraFieldsFor, type ExtraFields } from "./extra-fields.js";
import type { OperationId } from "./operation-types.js";
import { parameterIssues } from "./params.js";

export type SignedCall = {
  /** The body as an object: answers tied to their request read it. */
  sent: Record<string, unknown>;
  /** The exact text to send: the bytes signed. */
  body: string;
  /** Its size in bytes (UTF-8). */
  bodyBytes: number;
  headers: SignedHeaders;
  nonce: string;
};

export type SignCallInput = {
  operationId: OperationId;
  keys: Credentials;
  /** Taken here, last before sending: one key's nonces leave in the order they are taken. */
  nonce: NonceSource;
  /** The caller's fields: request and nonce are the signer's, and refused here. */
  fields: unknown;
  /** Fields the document does not list, sent on purpose (the client's, then the call's). */
  extraFields?: { client?: ExtraFields | undefined; call?: ExtraFields | undefined };
  validators: OperationValidators;
};

/**
 * A signed request of an operation of the document: a field it does not have is refused with
 * did-you-mean, the body is valid for the document, `request` is the document's path (whatever
 * prefix the base URL adds) and the nonce is taken now. Throws RequestValidationError; nothing
 * is sent then.
 */
export function signCall({ operationId, keys, nonce, fields, extraFields, validators }: SignCallInput): SignedCall {
  const wrong = parameterIssues(operationId, fields);
  if (wrong.length) throw new RequestValidationError(operationId, wrong);
  const extra = extraFieldsFor(fields as object | undefined, extraFields?.client, extraFields?.call);
  if (extra.issues.length) throw new RequestValidationError(operationId, extra.issues);
  const taken = nonce(keys.apiKey);
  const sent = signedBody(operationIndex[operationId].path, taken, extra.fields, fields as object | undefined);
  const validate = validators.request!;
  if (!validate(sent)) throw new RequestValidationError(operationId, validationIssues(validate.errors));
  const body = JSON.stringify(sent);
  const bytes = Buffer.from(body, "utf8");
  return { sent, body, bodyBytes: bytes.length, headers: signBodyBytes(bytes, keys), nonce: taken };
}

/** A request to a path the document does not have: signed as it is, with nothing to check it against. */
export function signUnknownPath(path: string, keys: Credentials, nonce: NonceSource, fields: object): { body: string; headers: SignedHeaders } {
  const body = bodyText(path, nonce(keys.apiKey), fields);
  return { body, headers: signBodyText(body, keys) };
}

/**
 * The operation a URL's path calls: the one whose document path ends it, so that a base URL with
 * a prefix (a gateway's /exchange) still names it.
 */
export function operationOfPath(pathname: string, method: string): OperationId | undefined {
  let found: OperationId | undefined;
  for (const [operationId, operation] of Object.entries(operationIndex) as [OperationId, (typeof operationIndex)[OperationId]][]) {
    if (operation.method !== method || !pathname.endsWith(operation.path)) continue;
    if (!found || operation.path.length > operationIndex[found].path.length) found = operationId;
  }
  return found;
}
