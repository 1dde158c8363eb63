import { ServerResponse, type IncomingMessage, type Server } from "node:http";

/**
 * The ServerResponse class of a server that closes the connection of every answer written once
 * the server has stopped listening: requests received before a shutdown, those under way
 * included, are answered with `Connection: close`, so that no keep-alive request is cut. Checked
 * when the headers are written (every answer passes there), at no cost per request before.
 */
export function closingResponses(server: () => Server): typeof ServerResponse<IncomingMessage> {
  class ClosingResponse extends ServerResponse<IncomingMessage> {}
  const writeHead = ServerResponse.prototype.writeHead;
  ClosingResponse.prototype.writeHead = function (this: ServerResponse) {
    if (!server().listening && !this.headersSent) this.setHeader("Connection", "close");
    // `arguments` as it is: no array made per answer.
    return writeHead.apply(this, arguments as unknown as Parameters<ServerResponse["writeHead"]>);
  } as ServerResponse["writeHead"];
  return ClosingResponse;
}

/**
 * Stops a server gracefully: no new connections, requests already received are answered with
 * `Connection: close` (by `closingResponses`, which the server was made with), idle keep-alive
 * connections are closed, and it resolves once the last connection has closed. Connections still busy after `boundMs` are cut; the result says
 * whether that happened.
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
