import { connect, type Server } from "node:net";

/**
 * A server's accepted connections, counted up to a marker: a connection of the test's own, begun
 * when asked. The listen queue is first in, first out, so every connection begun before the marker
 * is accepted before it: "no connection was begun" is proved without waiting a while.
 */
export function acceptMarkers(server: Server, host = "127.0.0.1") {
  /** Remote ports in the order their connections were accepted, the markers among them. */
  const order: number[] = [];
  const markerPorts = new Set<number>();
  const onAccept: (() => void)[] = [];
  server.on("connection", (socket) => {
    order.push(socket.remotePort ?? -1);
    onAccept.splice(0).forEach((check) => check());
  });
  const ordinary = (ports: number[]) => ports.filter((port) => !markerPorts.has(port)).length;
  return {
    /** Connections accepted, the markers left out. */
    accepted: () => ordinary(order),
    /** Connections accepted before a marker begun now. */
    acceptedBeforeMarker: () =>
      new Promise<number>((resolve, reject) => {
        const address = server.address();
        if (!address || typeof address === "string") return reject(new Error("the server is not listening"));
        const probe = connect({ host, port: address.port }, () => {
          const port = probe.localPort!;
          markerPorts.add(port);
          const check = () => {
            const at = order.indexOf(port);
            if (at === -1) return void onAccept.push(check);
            probe.destroy();
            resolve(ordinary(order.slice(0, at)));
          };
          check();
        });
        probe.on("error", reject);
      }),
  };
}
