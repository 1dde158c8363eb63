// The body rule of a signed request, with nothing Node-only, so that the docs page's script uses
// it too: the signer sets the path called and the nonce, first, over any field of those names.
import { signing } from "../../generated/operations.js";

/** The body field the signer sets to the path called, and the one it sets to the nonce. */
export const PATH_FIELD = signing.bodyFields.path;
export const NONCE_FIELD = signing.bodyFields.nonce;
/** The body fields the signer sets on every private request: the path called and the nonce. */
export const SIGNING_FIELDS: ReadonlySet<string> = new Set([PATH_FIELD, NONCE_FIELD]);

/** The body of a private request: the path and the nonce first, then the fields of each list in turn (any signing field among them replaced). */
export function signedBody(path: string, nonce: string, ...fieldLists: (object | undefined)[]): Record<string, unknown> {
  const body: Record<string, unknown> = { [PATH_FIELD]: path, [NONCE_FIELD]: nonce };
  // A loop, not rest and spread: this runs on every signed call.
  for (const fields of fieldLists) {
    for (const name in fields) {
      if (Object.hasOwn(fields, name) && name !== PATH_FIELD && name !== NONCE_FIELD) body[name] = (fields as Record<string, unknown>)[name];
    }
  }
  return body;
}

/** The body text of a private request: the path and the nonce first, then the fields. */
export const bodyText = (path: string, nonce: string, fields?: object): string => JSON.stringify(signedBody(path, nonce, fields));
