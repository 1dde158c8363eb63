import { connect, createServer, type Socket } from "node:net";
import { listenOnLoopback } from "./loopback.js";

export type Relay = { baseUrl: string; connections: () => number; close: () => Promise<void> };

/**
 * A TCP relay on 127.0.0.1 that holds each connection's bytes toward the server for a delay of its
 * own (0 to `maxDelayMs`, drawn per connection, order kept within it), as a real network's paths
 * differ: requests sent in order over several connections arrive out of order, those of one
 * connection never do.
 */
export async function startJitterRelay(target: { host: string; port: number }, maxDelayMs = 15, random = Math.random): Promise<Relay> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((client) => {
    accepted++;
    const upstream = connect(target.port, target.host);
    const delayMs = Math.floor(random() * maxDelayMs);
    let last = Promise.resolve();
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {});
    }
    client.on("data", (chunk) => {
      last = last.then(() => new Promise((resolve) => setTimeout(resolve, delayMs))).then(() => void upstream.write(chunk));
    });
    client.on("end", () => void last.then(() => upstream.end()));
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  const { baseUrl, close } = await listenOnLoopback(server);
  return {
    baseUrl,
    connections: () => accepted,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return close();
    },
  };
}
