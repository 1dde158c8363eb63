// The proxy's connections to the upstream: `count` connections, taken in turn by each API key's
// requests in a row (transport/turns.ts), so that behind a balancer its live traffic reaches every
// process, as the tester's does. Each is one socket, one request at a time: a key's requests in
// flight together share it and reach the upstream in the order they were sent, so their nonces
// rise there as they rose here (an agent free to open more sockets let a later nonce overtake an
// earlier one: under `proxy --sign`, 88 of 2,000 requests from 16 connections were refused 401).
import { Agent } from "undici";
import { API_KEY_HEADER } from "../signing/sign.js";
import { Turns } from "../transport/turns.js";

const API_KEY = API_KEY_HEADER.toLowerCase();

export class UpstreamConnections {
  readonly #agents: Agent[];
  readonly #turns: Turns;
  constructor(count: number) {
    this.#agents = Array.from({ length: count }, () => new Agent({ connections: 1, pipelining: 1, keepAliveTimeout: 4_000 }));
    this.#turns = new Turns(count);
  }

  /** The agent a request takes, by the API key it carries (none for a public one); `done` once it is answered. */
  take(headers: Record<string, string | string[] | undefined>): { agent: Agent; done(): void } {
    const key = headers[API_KEY];
    const { index, done } = this.#turns.take(typeof key === "string" ? key : undefined);
    return { agent: this.#agents[index]!, done };
  }

  close(): Promise<void> {
    return Promise.all(this.#agents.map((agent) => agent.close())).then(() => {});
  }
}
