import type { Server, ServerResponse } from "node:http";

const inFlight = new WeakMap<Server, Set<ServerResponse>>();

/** Keeps count of the answers a server has not finished yet, so that a shutdown can mark them. */
export function trackAnswers(server: Server): void {
  const answers = new Set<ServerResponse>();
  inFlight.set(server, answers);
  server.on("request", (_request, response: ServerResponse) => {
    answers.add(response);
    response.once("close", () => answers.delete(response));
  });
}

/**
 * Stops a server gracefully: no new connections, requests already received are answered with
 * `Connection: close` (those under way now included, when `trackAnswers` was called; later ones
 * see `server.listening` false), idle keep-alive connections are closed, and it resolves once the
 * last connection has closed. Connections still busy after `boundMs` are cut; the result says
 * whether that happened.
 */
export function shutDown(server: Server, boundMs: number): Promise<{ cutBusyConnections: boolean }> {
  return new Promise((resolve) => {
    let cutBusyConnections = false;
    const deadline = setTimeout(() => {
      cutBusyConnections = true;
      server.closeAllConnections();
    }, boundMs);
    for (const response of inFlight.get(server) ?? []) if (!response.headersSent) response.setHeader("Connection", "close");
    server.close(() => {
      clearTimeout(deadline);
      resolve({ cutBusyConnections });
    });
    server.closeIdleConnections();
  });
}
