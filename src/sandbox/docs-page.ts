// The docs page as the sandbox serves it: the document inside it names the sandbox's own address,
// so that "Try it" URLs and the code samples' default base URL point at the server showing them.

/** The address the document and its samples name when nothing else is known. */
export const DOCUMENTED_SANDBOX = "http://127.0.0.1:8080";

// What a Host header may hold before it is written into a page: a name or IPv4 address, or an IPv6
// one in brackets, and a port.
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The origin a request came to, from its Host header when that is a plain host, else `fallback`. */
export function requestOrigin(host: string | undefined, fallback: string): string {
  return host && HOST.test(host) ? `http://${host}` : fallback;
}

/**
 * The rendered page with `origin` as the document's first server, and as the default base URL of
 * the servers and code samples in place of the documented sandbox address.
 */
export function docsFor(page: string, origin: string): string {
  const firstServer = JSON.stringify({ url: origin, description: "This sandbox (txc-api serve), where this page is served from." });
  const named = origin === DOCUMENTED_SANDBOX ? page : page.replaceAll(DOCUMENTED_SANDBOX, origin);
  return named.replace('"servers":[', `"servers":[${firstServer},`);
}
