import type { Server as NetServer, Socket } from "node:net";

export type Listening = { port: number; baseUrl: string; close: () => Promise<void> };

/**
 * Starts a server of the test on a free loopback port (an http, https or net server), and gives
 * its base URL and a close that first destroys every connection still open, so that no test waits
 * on a keep-alive socket.
 */
export async function listenOnLoopback(server: NetServer, { host = "127.0.0.1", scheme = "http" } = {}): Promise<Listening> {
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as { port: number };
  return {
    port,
    baseUrl: `${scheme}://${host.includes(":") ? `[${host}]` : host}:${port}`,
    close: () => new Promise<void>((done) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => done());
    }),
  };
}
