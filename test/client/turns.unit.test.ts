// Which connection a key's next request takes when a tester or the proxy spreads over several.
import { expect, it } from "vitest";
import { Turns } from "../../src/transport/turns.js";

it("a key's requests in a row take the connections in turn; those in flight together share one", () => {
  const turns = new Turns(3);
  const inRow = [0, 1, 2, 3].map(() => {
    const taken = turns.take("key");
    taken.done();
    return taken.index;
  });
  expect(inRow).toEqual([0, 1, 2, 0]);
  const together = [turns.take("key"), turns.take("key")];
  expect(together.map((t) => t.index)).toEqual([1, 1]);
  together[0]!.done();
  together[0]!.done(); // a second done counts once: the other is still in flight
  expect(turns.take("key").index).toBe(1);
});

it("keys turn on their own, and a public request (no key) too", () => {
  const turns = new Turns(2);
  const one = turns.take("a");
  one.done();
  expect([turns.take("b").index, turns.take(undefined).index, turns.take("a").index]).toEqual([0, 0, 1]);
});
