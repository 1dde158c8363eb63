/** Connections a key's requests spread over unless told: enough to reach each of a few processes behind one address. */
export const DEFAULT_CONNECTIONS = 4;
/** How many connections a key may be given (the tester's --connections, the proxy's upstream ones): one rule for every door. */
export const CONNECTIONS_RANGE = { least: 1, most: 64 } as const;
/** The rule in words, as every door's error and help says it. */
export const CONNECTIONS_RULE = `an integer from ${CONNECTIONS_RANGE.least} to ${CONNECTIONS_RANGE.most}`;
/** A count within CONNECTIONS_RANGE. */
export const isConnectionCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= CONNECTIONS_RANGE.least && (value as number) <= CONNECTIONS_RANGE.most;

/**
 * Which of `count` connections each key's next request takes: the next in turn when none of the
 * key's requests is in flight, else the one they are on. Requests sent together keep their order
 * (one key's nonces arrive as they left), and requests in a row reach every connection: behind a
 * balancer or `node:cluster`, each process.
 */
export class Turns {
  readonly #turns = new Map<string | undefined, { current: number; inFlight: number }>();
  constructor(readonly count: number) {}

  /** The connection the key's request takes, and `done`, to be called once when it is over. */
  take(key: string | undefined): { index: number; done(): void } {
    let turn = this.#turns.get(key);
    if (!turn) this.#turns.set(key, (turn = { current: -1, inFlight: 0 }));
    if (turn.inFlight === 0) turn.current = (turn.current + 1) % this.count;
    turn.inFlight++;
    const taken = turn;
    let over = false;
    return { index: turn.current, done: () => void (over || ((over = true), taken.inFlight--)) };
  }
}
