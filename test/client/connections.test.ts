// The client's HTTP/1.1 over real loopback sockets, against a server that writes its answers byte
// for byte: how answers are framed, when a connection is kept, and what is never sent.
import { spawn } from "node:child_process";
import { createServer, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createClient, NetworkError, SetupError } from "../../src/index.js";
import { root } from "../helpers/project.js";

const keys = { apiKey: "raw-key", apiSecret: "raw-secret" };
const body = JSON.stringify({ BTC: { main_balance: "1" } });
const ok = (extra = "") => `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n${extra}Content-Length: ${body.length}\r\n\r\n${body}`;

type Raw = { baseUrl: string; connections: () => number; requests: string[]; close: () => Promise<void> };
const servers: Raw[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A TCP server that reads each whole request and answers it with `answer(request number, socket)`. */
async function rawServer(answer: (n: number, socket: Socket) => void): Promise<Raw> {
  let connections = 0;
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    let buffered = "";
    socket.on("data", (chunk) => {
      buffered += chunk.toString("latin1");
      for (;;) {
        const headEnd = buffered.indexOf("\r\n\r\n");
        if (headEnd < 0) return;
        const length = Number(/content-length: (\d+)/i.exec(buffered.slice(0, headEnd))?.[1] ?? 0);
        if (buffered.length < headEnd + 4 + length) return;
        requests.push(buffered.slice(0, headEnd + 4 + length));
        buffered = buffered.slice(headEnd + 4 + length);
        answer(requests.length, socket);
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const raw: Raw = {
    baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    connections: () => connections,
    requests,
    close: () => new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
  servers.push(raw);
  return raw;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("connections kept and dropped", () => {
  it("carries one call after another on one connection, each request written whole", async () => {
    const server = await rawServer((_, socket) => socket.write(ok()));
    const client = createClient({ baseUrl: server.baseUrl, ...keys, retry: false });
    for (let i = 0; i < 5; i++) expect(await client.getMainBalance({ ticker: "BTC" })).toEqual({ BTC: { main_balance: "1" } });
    expect(server.connections()).toBe(1);
    const [first] = server.requests;
    expect(first).toMatch(/^POST \/api\/v4\/main-account\/balance HTTP\/1\.1\r\nhost: 127\.0\.0\.1:\d+\r\nconnection: keep-alive\r\n/);
    expect(first).toMatch(/\r\nContent-Type: application\/json\r\n/);
    const sentBody = first.slice(first.indexOf("\r\n\r\n") + 4);
    expect(first).toContain(`content-length: ${Buffer.byteLength(sentBody)}\r\n`);
    expect(JSON.parse(sentBody)).toMatchObject({ request: "/api/v4/main-account/balance", ticker: "BTC" });
  });

  it("opens a new connection after an answer that says Connection: close, or that runs until the close", async () => {
    const server = await rawServer((n, socket) => {
      if (n % 2) socket.write(ok("Connection: close\r\n"));
      else socket.end(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n${body}`);
    });
    const client = createClient({ baseUrl: server.baseUrl, ...keys, retry: false });
    for (let i = 0; i < 4; i++) expect(await client.getMainBalance()).toEqual({ BTC: { main_balance: "1" } });
    expect(server.connections()).toBe(4);
  });

  it("keeps an idle connection until one second before the server's Keep-Alive timeout, not after", async () => {
    // timeout=3: kept 2 s. Reused after 1.2 s of idling; a new connection after 2.4 s more.
    const server = await rawServer((_, socket) => socket.write(ok("Keep-Alive: timeout=3\r\n")));
    const client = createClient({ baseUrl: server.baseUrl, ...keys, retry: false });
    await client.getMainBalance();
    await wait(1_200);
    await client.getMainBalance();
    expect(server.connections()).toBe(1);
    await wait(2_400);
    await client.getMainBalance();
    expect(server.connections()).toBe(2);
  });

  it("does not reuse a connection the server closed while it was idle, nor one its Keep-Alive timeout has ended", async () => {
    const closing = await rawServer((_, socket) => {
      socket.write(ok());
      setTimeout(() => socket.destroy(), 20);
    });
    const client = createClient({ baseUrl: closing.baseUrl, ...keys, retry: false });
    for (let i = 0; i < 3; i++) {
      expect(await client.getMainBalance()).toEqual({ BTC: { main_balance: "1" } });
      await wait(100);
    }
    expect(closing.connections()).toBe(3);

    // timeout=1: one second, less the margin kept against the race with the server's close.
    const short = await rawServer((_, socket) => socket.write(ok("Keep-Alive: timeout=1\r\n")));
    const shortClient = createClient({ baseUrl: short.baseUrl, ...keys, retry: false });
    for (let i = 0; i < 3; i++) await shortClient.getMainBalance();
    expect(short.connections()).toBe(3);
  });

  it("reads a chunked answer, and one that comes a byte at a time", async () => {
    const server = await rawServer((n, socket) => {
      if (n === 1) return socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`);
      const bytes = Buffer.from(ok());
      let at = 0;
      const next = () => at < bytes.length && socket.write(bytes.subarray(at, ++at), () => setImmediate(next));
      next();
    });
    const client = createClient({ baseUrl: server.baseUrl, ...keys, retry: false });
    expect(await client.getMainBalance()).toEqual({ BTC: { main_balance: "1" } });
    expect(await client.getMainBalance()).toEqual({ BTC: { main_balance: "1" } });
    expect(server.connections()).toBe(1);
  });

  it("drops a connection that sends bytes no request asked for, and answers the next call on a new one", async () => {
    const server = await rawServer((n, socket) => {
      socket.write(ok());
      if (n === 1) setTimeout(() => socket.write("HTTP/1.1 200 OK\r\n"), 20);
    });
    const client = createClient({ baseUrl: server.baseUrl, ...keys, retry: false });
    await client.getMainBalance();
    await wait(100);
    expect(await client.getMainBalance()).toEqual({ BTC: { main_balance: "1" } });
    expect(server.connections()).toBe(2);
  });

  it("lets the process exit while connections idle, well before their 10 s", async () => {
    const server = await rawServer((_, socket) => socket.write(ok()));
    const script = `import { createClient } from "./dist/bundle/index.js";
      const client = createClient({ baseUrl: "${server.baseUrl}", apiKey: "k", apiSecret: "s", retry: false });
      await Promise.all([client.getMainBalance(), client.getMainBalance()]);
      console.log("answered");`;
    const started = Date.now();
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect({ code, output: output.trim() }).toEqual({ code: 0, output: "answered" });
    expect(server.connections()).toBe(2);
    expect(Date.now() - started).toBeLessThan(8_000);
  });
});

describe("what is refused", () => {
  it("an answer that is not HTTP/1.1 it can read: a NetworkError naming why, not retried into a different answer", async () => {
    const server = await rawServer((_, socket) => socket.write(`HTTP/1.1 200 OK\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}`));
    const failure = await createClient({ baseUrl: server.baseUrl, ...keys, retry: false }).getMainBalance().catch((error) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure.code).toBe("ERR_HTTP_ANSWER");
    expect(failure.message).toBe("getMainBalance: the answer is not HTTP/1.1 this client can read: both Content-Length and Transfer-Encoding (ERR_HTTP_ANSWER)");
  });

  it("a server that closes before its answer ended: a NetworkError saying so", async () => {
    const server = await rawServer((_, socket) => socket.end(`HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{"BTC"`));
    const failure = await createClient({ baseUrl: server.baseUrl, ...keys, retry: false }).getMainBalance().catch((error) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure.message).toBe("getMainBalance: the server closed the connection before its answer ended (ERR_HTTP_ANSWER)");
  });

  it("an API key with a character from U+0080 to U+00FF: sent as that one byte, as fetch sends it", async () => {
    const server = await rawServer((_, socket) => socket.write(ok()));
    const client = createClient({ baseUrl: server.baseUrl, apiKey: "cl\u00e9", apiSecret: "s", retry: false });
    expect(await client.getMainBalance({ ticker: "BTC" })).toEqual({ BTC: { main_balance: "1" } });
    const sent = Buffer.from(server.requests[0], "latin1");
    expect(sent.includes(Buffer.from([0x63, 0x6c, 0xe9, 0x0d, 0x0a]))).toBe(true);
    const sentBody = server.requests[0].slice(server.requests[0].indexOf("\r\n\r\n") + 4);
    expect(JSON.parse(Buffer.from(sentBody, "latin1").toString("utf8"))).toMatchObject({ ticker: "BTC" });
  });

  it("an API key with a line break: SetupError, nothing sent, no connection opened", async () => {
    const server = await rawServer((_, socket) => socket.write(ok()));
    const client = createClient({ baseUrl: server.baseUrl, apiKey: "key\r\nX-Injected: yes", apiSecret: "s", retry: { attempts: 3 } });
    const failure = await client.getMainBalance().catch((error) => error);
    expect(failure).toBeInstanceOf(SetupError);
    expect(failure.message).toContain("the header X-TXC-APIKEY holds a character that cannot be sent");
    expect(failure).not.toHaveProperty("attempts");
    await wait(50);
    expect(server.connections()).toBe(0);
  });
});
