import type { Server } from "node:http";

/**
 * Stops a server gracefully: no new connections, requests already received are answered (their
 * answers carry `Connection: close`, see the sandbox), idle keep-alive connections are closed.
 * Connections still busy after `boundMs` are cut; the result says whether that happened.
 */
export function shutDown(server: Server, boundMs: number): Promise<{ cutBusyConnections: boolean }> {
  return new Promise((resolve) => {
    let cutBusyConnections = false;
    const deadline = setTimeout(() => {
      cutBusyConnections = true;
      server.closeAllConnections();
    }, boundMs);
    server.close(() => {
      clearTimeout(deadline);
      resolve({ cutBusyConnections });
    });
    server.closeIdleConnections();
  });
}
