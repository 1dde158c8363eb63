import { signing } from "../../generated/operations.js";

/** The names of the three headers of a signed request, read from the document's security schemes. */
export const API_KEY_HEADER = signing.headers.apiKey;
export const PAYLOAD_HEADER = signing.headers.payload;
export const SIGNATURE_HEADER = signing.headers.signature;
