import type { signing } from "../../generated/operations.js";

/** The body fields the signer sets (the path called and the nonce), as a type: names from the document. */
export type SigningField = (typeof signing.bodyFields)[keyof typeof signing.bodyFields];
