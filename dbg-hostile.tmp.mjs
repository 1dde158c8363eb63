import { createServer } from "node:http";
import { readFileSync } from "node:fs";
function startHostile(handle, host = "127.0.0.1") {
  const received = [];
  const sockets = /* @__PURE__ */ new Set();
  let written = 0;
  let accepted = 0;
  const server = createServer((request, response) => {
    received.push({
      method: request.method ?? "",
      path: request.url ?? "",
      txcHeaders: Object.keys(request.headers).filter((name) => name.startsWith("x-txc-"))
    });
    const write = (chunk) => {
      written += Buffer.byteLength(chunk);
      return response.write(chunk);
    };
    request.resume();
    handle(request, response, write);
  });
  server.on("connection", (socket) => {
    accepted++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      resolve({
        baseUrl: `http://${host}:${port}`,
        received,
        bytesWritten: () => written,
        openConnections: () => sockets.size,
        connectionsAccepted: () => accepted,
        close: () => new Promise((done) => {
          for (const socket of sockets) socket.destroy();
          server.close(() => done());
        })
      });
    });
  });
}
function endlessBody(response, write) {
  const chunk = Buffer.alloc(64 * 1024, "x");
  response.writeHead(200, { "Content-Type": "application/json" });
  const pump = () => {
    while (!response.destroyed && write(chunk)) ;
    if (!response.destroyed) response.once("drain", pump);
  };
  response.socket?.on("close", () => response.destroy());
  pump();
}
function tricklingBody(response, write) {
  response.writeHead(200, { "Content-Type": "application/json" });
  const timer = setInterval(() => response.destroyed ? clearInterval(timer) : write(Buffer.alloc(1024, " ")), 20);
  response.socket?.on("close", () => {
    clearInterval(timer);
    response.destroy();
  });
}
function largestSocketBuffer(file) {
  try {
    return Number(readFileSync(file, "utf8").trim().split(/\s+/).at(-1));
  } catch {
    return 64 * 1024 * 1024;
  }
}
const kernelBufferedBytes = () => largestSocketBuffer("/proc/sys/net/ipv4/tcp_wmem") + largestSocketBuffer("/proc/sys/net/ipv4/tcp_rmem");
export {
  endlessBody,
  kernelBufferedBytes,
  startHostile,
  tricklingBody
};
