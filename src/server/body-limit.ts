// One body limit from the socket to the kit. A signed request carries its body twice: as the body,
// and in base64 in X-TXC-PAYLOAD, so the header limit must leave room for 4/3 of the largest body.
// Node's default header limit (16 KiB) holds the signing headers of an 8 KiB body: the default.
import { errorReply, type Reply } from "./error-bodies.js";

/** Node's default header limit (`http.maxHeaderSize`). */
const NODE_DEFAULT_HEADER_BYTES = 16 * 1024;

// The largest body the kit and the sandbox read by default: its signing headers fit Node's default header limit.
export { DEFAULT_MAX_BODY_BYTES } from "../validation/body-size.js";

/** The header limit a server needs for signed bodies of up to `maxBodyBytes`: the payload in base64, and room for the rest. */
export const signingHeadersFor = (maxBodyBytes: number): number => NODE_DEFAULT_HEADER_BYTES + Math.ceil((maxBodyBytes * 4) / 3);

/** The answer to a body over the limit: 413 in the document's error shape (the description states no limit). */
export const bodyTooLarge = (path: string, maxBodyBytes: number): Reply => errorReply(path, 413, `The body is larger than ${maxBodyBytes} bytes.`);
