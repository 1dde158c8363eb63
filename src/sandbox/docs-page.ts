// The docs page and the document as the sandbox serves them: both name the sandbox's own address,
// so that the samples, the servers and an import into an API tool point at the server showing them.

import { servers } from "../../generated/operations.js";

/** The sandbox's address in the document and its samples: its one server without variables. */
export const DOCUMENTED_SANDBOX = servers.find((server) => Object.keys(server.variables).length === 0)!.url;

// What a Host header may hold before it is written into a page: a name or IPv4 address, or an IPv6
// one in brackets, and a port.
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The origin a request came to, from its Host header when that is a plain host, else `fallback`. */
export function requestOrigin(host: string | undefined, fallback: string): string {
  return host && HOST.test(host) ? `http://${host}` : fallback;
}

/** The rendered page (built with the sandbox as its first server) naming `origin` for the sandbox. */
export function docsFor(page: string, origin: string): string {
  return origin === DOCUMENTED_SANDBOX ? page : page.replaceAll(DOCUMENTED_SANDBOX, origin);
}

/** The bundled document with the sandbox, at `origin`, as its first server: tools that import it call there. */
export function documentFor(text: string, origin: string): string {
  const document = JSON.parse(text) as { servers?: { url: string }[] };
  const servers = document.servers ?? [];
  document.servers = [...servers.filter((server) => server.url === DOCUMENTED_SANDBOX), ...servers.filter((server) => server.url !== DOCUMENTED_SANDBOX)];
  return docsFor(JSON.stringify(document, null, 2), origin);
}
