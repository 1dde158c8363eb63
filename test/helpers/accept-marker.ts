import { connect, type Server } from "node:net";

/**
 * A server's accepted connections, counted up to a marker: a connection of the test's own, begun
 * when asked. The listen queue is first in, first out, so every connection begun before the marker
 * is accepted before it: "no connection was begun" is proved without waiting a while.
 */
export function acceptMarkers(server: Server, host = "127.0.0.1") {
  /** Remote ports in the order their connections were accepted, the markers among them (by place: a port may come again). */
  const order: number[] = [];
  const markers = new Set<number>();
  const onAccept: (() => void)[] = [];
  server.on("connection", (socket) => {
    order.push(socket.remotePort ?? -1);
    onAccept.splice(0).forEach((check) => check());
  });
  const ordinaryBefore = (end: number) => end - [...markers].filter((at) => at < end).length;
  return {
    /** Connections accepted, the markers left out. */
    accepted: () => ordinaryBefore(order.length),
    /** Connections accepted before a marker begun now. */
    acceptedBeforeMarker: () =>
      new Promise<number>((resolve, reject) => {
        const address = server.address();
        if (!address || typeof address === "string") return reject(new Error("the server is not listening"));
        // The marker is begun now, so it is accepted at this place or later (a port may come again).
        const from = order.length;
        const probe = connect({ host, port: address.port }, () => {
          const port = probe.localPort!;
          const check = () => {
            const at = order.indexOf(port, from);
            if (at === -1) return void onAccept.push(check);
            markers.add(at);
            probe.destroy();
            resolve(ordinaryBefore(at));
          };
          check();
        });
        probe.on("error", reject);
      }),
  };
}
