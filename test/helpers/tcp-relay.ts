// A TCP relay on 127.0.0.1 in front of one port, for the network faults a test makes: a partition
// (bytes dropped both ways, the connections left open, as a network that stops delivering), and a
// connection cut right after the server answered one command (the answer dropped, as a link that
// fails between the server's write and the client's read).
import { connect, createServer, type Socket } from "node:net";
import { listenOnLoopback } from "./loopback.js";

export type TcpRelay = {
  port: number;
  /** From now, every byte either way is dropped, until `heal`. */
  partition(): void;
  heal(): void;
  /**
   * The next command from a client that contains `marker` reaches the server; the server's answer
   * to it is dropped and both sockets of that connection destroyed. Resolves once that is done.
   */
  cutAfterAnswerTo(marker: string): Promise<void>;
  close(): Promise<void>;
};

export async function startTcpRelay(targetPort: number): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  let partitioned = false;
  let armed: { marker: string; done: () => void } | undefined;
  const server = createServer((client) => {
    const upstream = connect(targetPort, "127.0.0.1");
    let cutting = false;
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {});
    }
    client.on("data", (chunk: Buffer) => {
      if (partitioned) return;
      if (armed && chunk.includes(armed.marker)) cutting = true;
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (partitioned) return;
      if (cutting) {
        client.destroy();
        upstream.destroy();
        const done = armed!.done;
        armed = undefined;
        done();
        return;
      }
      client.write(chunk);
    });
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  const { port, close } = await listenOnLoopback(server);
  return {
    port,
    partition: () => void (partitioned = true),
    heal: () => void (partitioned = false),
    cutAfterAnswerTo: (marker) => new Promise<void>((resolve) => (armed = { marker, done: resolve })),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return close();
    },
  };
}
