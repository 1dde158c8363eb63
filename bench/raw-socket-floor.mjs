// The floor of a signed call: keep-alive sockets, one call at a time on each, the request written
// by hand, signed, and the answer parsed minimally (status line, Content-Length, body, JSON.parse),
// optionally checked with the generated validator. Nothing any real client would ship (no
// timeouts, no redirects, no chunked bodies): only what every signed call must cost.
import { createHmac } from "node:crypto";
import { connect } from "node:net";

const HEADER_END = Buffer.from("\r\n\r\n");

/** One keep-alive connection that sends a request and resolves with the answer's body text. */
function connection(port) {
  const socket = connect({ host: "127.0.0.1", port, noDelay: true });
  let pending;
  let buffered = Buffer.alloc(0);
  socket.on("data", (chunk) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    const headerEnd = buffered.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = buffered.toString("latin1", 0, headerEnd);
    const length = Number(/content-length: *(\d+)/i.exec(head)[1]);
    const end = headerEnd + 4 + length;
    if (buffered.length < end) return;
    const status = Number(head.slice(9, 12));
    const body = buffered.toString("utf8", headerEnd + 4, end);
    buffered = buffered.subarray(end);
    const done = pending;
    pending = undefined;
    done({ status, body });
  });
  socket.on("error", (error) => pending?.(Promise.reject(error)));
  return {
    send: (request) => new Promise((resolve) => {
      pending = resolve;
      socket.write(request);
    }),
    close: () => socket.destroy(),
  };
}

/**
 * A contender for wireContest: `concurrency` sockets, each call taking a free one. `validate` is
 * the answer check (the generated validator), or undefined for none.
 */
export function rawSignedCalls({ port, path, apiKey, apiSecret, concurrency, validate }) {
  const free = Array.from({ length: concurrency }, () => connection(port));
  const all = [...free];
  let nonce = Date.now() * 1000;
  const call = async () => {
    const socket = free.pop();
    try {
      const body = JSON.stringify({ request: path, nonce: String(++nonce), ticker: "BTC" });
      const payload = Buffer.from(body).toString("base64");
      const signature = createHmac("sha512", apiSecret).update(payload).digest("hex");
      const answer = await socket.send(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `X-TXC-APIKEY: ${apiKey}\r\nX-TXC-PAYLOAD: ${payload}\r\nX-TXC-SIGNATURE: ${signature}\r\n\r\n${body}`,
      );
      const parsed = JSON.parse(answer.body);
      if (answer.status !== 200 || (validate && !validate(parsed))) throw new Error(`the floor got ${answer.status} ${answer.body.slice(0, 100)}`);
      return parsed;
    } finally {
      free.push(socket);
    }
  };
  call.close = () => all.forEach((socket) => socket.close());
  return call;
}
