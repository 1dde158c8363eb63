// The package's pick where the description states no body limit: every body the document
// describes fits in 8 KiB, so a server may refuse a larger one (413, the server's limit, not an
// answer of the operation), and the kit and the sandbox read no more by default.

/** The largest request body every server is held to read. */
export const DEFAULT_MAX_BODY_BYTES = 8 * 1024;

/** A 413 to a body over what every server is held to read: the server's own limit, which no report blames. */
export const isServerSizeLimit = (status: number, sentBytes: number | undefined) => status === 413 && sentBytes !== undefined && sentBytes > DEFAULT_MAX_BODY_BYTES;
