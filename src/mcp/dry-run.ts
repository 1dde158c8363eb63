// A state-changing call shown instead of sent: the arguments checked as the client checks them,
// the body signed as it would be sent, the signature redacted. Nothing leaves the process.
import { DRY_RUN_ARGUMENT } from "../../generated/mcp-tools.js";
import { operationIndex, type OperationId } from "../../generated/operations.js";
import { signCall } from "../client/sign-call.js";
import { SIGNATURE_HEADER, type Credentials } from "../signing/sign.js";
import type { NonceSource } from "../signing/nonce.js";
import { loadValidators } from "../validation/operation-validators.js";

export type DryRun = { [DRY_RUN_ARGUMENT]: true; method: string; url: string; headers: Record<string, string>; body: string };

/** The request the call would send. Throws the client's RequestValidationError when an argument breaks the document. */
export async function dryRun(baseUrl: string, operationId: OperationId, args: object, keys: Credentials, nonce: NonceSource): Promise<DryRun> {
  const { method, path } = operationIndex[operationId];
  const signed = signCall({ operationId, keys, nonce, fields: args, validators: await loadValidators(operationId) });
  const headers: Record<string, string> = { ...signed.headers };
  headers[SIGNATURE_HEADER] = `(redacted: ${signed.headers[SIGNATURE_HEADER].length} characters)`;
  return { [DRY_RUN_ARGUMENT]: true, method, url: baseUrl + path, headers, body: signed.body };
}
