// The client's connections (undici under the package's rules) over real loopback sockets, against
// a server that writes its answers byte for byte: when a connection is kept, and what is never sent.
import { spawn } from "node:child_process";
import { createServer, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createClient, NetworkError, SetupError, type AttemptEvent } from "../../src/index.js";
import { createSignedFetchClient } from "../../src/openapi-fetch.js";
import { Sender } from "../../src/contract/send.js";
import { operationIndex } from "../../generated/operations.js";
import { root } from "../helpers/project.js";
import { listenOnLoopback } from "../helpers/loopback.js";
import { acceptMarkers } from "../helpers/accept-marker.js";

const keys = { apiKey: "raw-key", apiSecret: "raw-secret" };
const body = JSON.stringify({ BTC: { main_balance: "1" } });
const ok = (extra = "") => `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n${extra}Content-Length: ${body.length}\r\n\r\n${body}`;

type Raw = {
  baseUrl: string;
  /** Connections accepted (the test's markers left out), and those closed since (markers included). */
  connections: () => number;
  closedConnections: () => number;
  /** Connections accepted before one of the test's own, begun now: the listen queue is first in, first out. */
  acceptedBeforeMarker: () => Promise<number>;
  requests: string[];
  close: () => Promise<void>;
};
const servers: Raw[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A TCP server that reads each whole request and answers it with `answer(request number, socket)`. */
async function rawServer(answer: (n: number, socket: Socket) => void): Promise<Raw> {
  let closed = 0;
  const requests: string[] = [];
  const server = createServer((socket) => {
    socket.on("close", () => closed++);
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
  const markers = acceptMarkers(server);
  const { baseUrl, close } = await listenOnLoopback(server);
  const raw: Raw = { baseUrl, connections: markers.accepted, closedConnections: () => closed, acceptedBeforeMarker: markers.acceptedBeforeMarker, requests, close };
  servers.push(raw);
  return raw;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` every 10 ms, for up to `ms`; its last value. */
async function until(condition: () => boolean, ms = 2_000) {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await wait(10);
  return condition();
}

describe("connections kept and dropped", () => {
  it("carries one call after another on one connection, each request written whole", async () => {
    const server = await rawServer((_, socket) => socket.write(ok()));
    const client = createClient({ baseUrl: server.baseUrl, ...keys, retry: false });
    for (let i = 0; i < 5; i++) expect(await client.getMainBalance({ ticker: "BTC" })).toEqual({ BTC: { main_balance: "1" } });
    expect(server.connections()).toBe(1);
    const [first] = server.requests;
    expect(first).toMatch(/^POST \/api\/v4\/main-account\/balance HTTP\/1\.1\r\n/);
    expect(first).toMatch(/\r\nhost: 127\.0\.0\.1:\d+\r\n/i);
    expect(first).toMatch(/\r\nContent-Type: application\/json\r\n/i);
    expect(first).not.toMatch(/accept-encoding/i);
    const sentBody = first.slice(first.indexOf("\r\n\r\n") + 4);
    expect(first.toLowerCase()).toContain(`content-length: ${Buffer.byteLength(sentBody)}\r\n`);
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

  it("keeps an idle connection until two seconds before the server's Keep-Alive timeout, not after", async () => {
    // timeout=3: kept 1 s (undici's margin is 2 s). Reused after 0.5 s of idling; a new connection after 1.4 s.
    const server = await rawServer((_, socket) => socket.write(ok("Keep-Alive: timeout=3\r\n")));
    const client = createClient({ baseUrl: server.baseUrl, ...keys, retry: false });
    await client.getMainBalance();
    await wait(500);
    await client.getMainBalance();
    expect(server.connections()).toBe(1);
    await wait(1_400);
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
      expect(await until(() => closing.closedConnections() === i + 1)).toBe(true);
    }
    expect(closing.connections()).toBe(3);

    // timeout=1: one second, less the margin kept against the race with the server's close: not kept.
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
    // The client drops the connection the stray bytes came on.
    expect(await until(() => server.closedConnections() === 1)).toBe(true);
    expect(await client.getMainBalance()).toEqual({ BTC: { main_balance: "1" } });
    expect(server.connections()).toBe(2);
  });

  it("lets the process exit while its connections idle: a connection kept for 600 s holds nothing", async () => {
    // The server asks for its connections to be kept 600 s: a process held by one would live that long.
    const server = await rawServer((_, socket) => socket.write(ok("Keep-Alive: timeout=600\r\n")));
    const script = `import { createClient } from "./dist/bundle/index.js";
      const client = createClient({ baseUrl: "${server.baseUrl}", apiKey: "k", apiSecret: "s", retry: false });
      await Promise.all([client.getMainBalance(), client.getMainBalance()]);
      console.log("answered");`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    // Far below the 600 s a held process would live, far above what a busy machine takes to exit.
    const stuck = setTimeout(() => child.kill("SIGKILL"), 120_000);
    const code = await new Promise((resolve) => child.on("close", (exitCode, signal) => resolve(signal ?? exitCode)));
    clearTimeout(stuck);
    expect({ code, output: output.trim() }).toEqual({ code: 0, output: "answered" });
    // One key: its calls share one connection.
    expect(server.connections()).toBe(1);
  });
});

describe("a reused connection closed before any byte of the answer", () => {
  /** Answers the first request of each connection; closes on the second, as a server whose idle close crossed the request. */
  const closingOnReuse = () => {
    const perSocket = new WeakMap<Socket, number>();
    return rawServer((_, socket) => {
      const n = (perSocket.get(socket) ?? 0) + 1;
      perSocket.set(socket, n);
      if (n === 1) socket.write(ok());
      else socket.destroy();
    });
  };

  it("a read-only call is sent once more at once, signed afresh, even with retry: false", async () => {
    const server = await closingOnReuse();
    const client = createClient({ baseUrl: server.baseUrl, apiKey: "reuse-key-1", apiSecret: "s", retry: false });
    await client.getMainBalance();
    expect(await client.getMainBalance()).toEqual({ BTC: { main_balance: "1" } });
    expect(server.requests).toHaveLength(3);
    const nonces = server.requests.map((request) => JSON.parse(request.slice(request.indexOf("\r\n\r\n") + 4)).nonce);
    expect(new Set(nonces).size).toBe(3);
  });

  it("one counter: the resend is attempt 2 to the hooks and to the last error, and spends none of retry.attempts", async () => {
    let sockets = 0;
    const perSocket = new WeakMap<Socket, number>();
    // The first connection answers once, then closes on reuse; later connections answer 500.
    const server = await rawServer((n, socket) => {
      if (!perSocket.has(socket)) perSocket.set(socket, ++sockets);
      if (perSocket.get(socket) !== 1) return socket.write(`HTTP/1.1 500 Internal Server Error\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`);
      if (n === 1) socket.write(ok());
      else socket.destroy();
    });
    const sent: number[] = [];
    const retries: string[] = [];
    const hooks = {
      onRequest: (event: AttemptEvent) => void sent.push(event.attempt),
      onRetry: (event: AttemptEvent) => void retries.push(`${event.attempt} ${event.reason}`),
    };
    const client = createClient({ baseUrl: server.baseUrl, apiKey: "reuse-key-4", apiSecret: "s", retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1 }, hooks });
    await client.getMainBalance();
    sent.length = 0;
    const failure = await client.getMainBalance().catch((error) => error);
    expect(sent).toEqual([1, 2, 3]);
    expect(retries).toEqual(["1 connection-closed", "2 5xx"]);
    expect(failure.attempts).toBe(3);
    expect(failure.message).toMatch(/\(3 attempts in \d+\.\d s; this was the last\)$/);
  });

  it("a state-changing call is never sent again: a NetworkError that says it may have reached the server", async () => {
    const server = await closingOnReuse();
    const client = createClient({ baseUrl: server.baseUrl, apiKey: "reuse-key-2", apiSecret: "s", retry: { attempts: 3 } });
    await client.getMainBalance();
    const failure = await client.updateFlexAutoReinvestment({ plan: "5c4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f" }).catch((error) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure.mayHaveReachedServer).toBe(true);
    expect(failure.message).toContain("the server may have acted on it");
    expect(server.requests).toHaveLength(2);
  });

  it("the same resend rule for txc-api/openapi-fetch and the contract tester: a read-only request goes once more, signed afresh; a state-changing one never", async () => {
    const fetched = await closingOnReuse();
    const client = createSignedFetchClient({ baseUrl: fetched.baseUrl, apiKey: "reuse-key-6", apiSecret: "s" });
    const post = (operationId: "getMainBalance" | "updateFlexAutoReinvestment", body: object) =>
      client.POST(operationIndex[operationId].path as never, { body } as never);
    await post("getMainBalance", {});
    expect((await post("getMainBalance", {})).response.status).toBe(200);
    expect(fetched.requests).toHaveLength(3);
    await expect(post("updateFlexAutoReinvestment", { plan: "5c4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f" })).rejects.toBeInstanceOf(NetworkError);
    expect(fetched.requests).toHaveLength(4);

    const tested = await closingOnReuse();
    // One connection for the key, so that its second request reuses it (spread over more, it would take a fresh one).
    const sender = new Sender({ baseUrl: tested.baseUrl, timeoutMs: 5_000, identities: [{ apiKey: "reuse-key-7", apiSecret: "s" }], connections: 1 });
    const sendCase = (operationId: "getMainBalance" | "updateFlexAutoReinvestment") => {
      const { method, path } = operationIndex[operationId];
      return sender.observe({ operationId, check: "positive", name: "resend", method, path, fields: {}, expect: { kind: "status", status: 200 } });
    };
    await sendCase("getMainBalance");
    expect((await sendCase("getMainBalance")).status).toBe(200);
    expect(tested.requests).toHaveLength(3);
    const nonces = tested.requests.map((request) => JSON.parse(request.slice(request.indexOf("\r\n\r\n") + 4)).nonce);
    expect(new Set(nonces).size).toBe(3);
    await expect(sendCase("updateFlexAutoReinvestment")).rejects.toThrow(/closed the connection without answering/);
    expect(tested.requests).toHaveLength(4);
  });

  it("a state-changing call whose connection could not be opened: mayHaveReachedServer false, and the message says so", async () => {
    const failure = await createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "reuse-key-3", apiSecret: "s", retry: false })
      .updateFlexAutoReinvestment({ plan: "5c4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f" }).catch((error) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure.mayHaveReachedServer).toBe(false);
    expect(failure.message).toBe("updateFlexAutoReinvestment: the server refused the connection: nothing listens there at 127.0.0.1:9 (ECONNREFUSED). Nothing reached the server: sending it again is safe");
  });
});

describe("what is refused", () => {
  it.each([
    ["Content-Length with Transfer-Encoding", `HTTP/1.1 200 OK\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}`],
    ["a bare LF head", `HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: 2\n\n{}`],
    ["a control byte in a header", `HTTP/1.1 200 OK\r\nX-Bad: a\u0001b\r\nContent-Length: 2\r\n\r\n{}`],
  ])("an answer undici cannot read (%s): a NetworkError at once, saying why, not retried", async (_, answer) => {
    const server = await rawServer((__, socket) => socket.write(answer));
    const started = Date.now();
    // A client that waited for more, or retried, would take the minute of its timeout.
    const failure = await createClient({ baseUrl: server.baseUrl, ...keys, timeoutMs: 60_000, retry: { attempts: 3 } }).getMainBalance().catch((error) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure.message).toMatch(/^getMainBalance: the answer is not HTTP\/1\.1 this client can read: [^\n]+$/);
    expect(failure.transient).toBe(false);
    expect(server.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it("a server that closes before its answer ended: a NetworkError saying so", async () => {
    const server = await rawServer((_, socket) => socket.end(`HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{"BTC"`));
    const failure = await createClient({ baseUrl: server.baseUrl, ...keys, retry: false }).getMainBalance().catch((error) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure.message).toMatch(/^getMainBalance: the server closed the connection/);
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
    expect(await server.acceptedBeforeMarker()).toBe(0);
  });
});
