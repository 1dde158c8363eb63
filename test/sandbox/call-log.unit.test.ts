import { expect, it } from "vitest";
import { CallLog, MAX_CALLS_KEPT } from "../../src/sandbox/call-log.js";

const call = (n: number) => ({ operationId: "ping", method: "GET", path: `/${n}`, rawBody: n === 0 ? Buffer.from('{"a":1}') : undefined, apiKey: undefined, status: 200, at: n });

it("keeps the last MAX_CALLS_KEPT calls, oldest first, and parses bodies when read", () => {
  const log = new CallLog();
  log.record(call(0));
  expect(log.list()).toEqual([{ operationId: "ping", method: "GET", path: "/0", fields: { a: 1 }, apiKey: undefined, status: 200, at: 0 }]);
  for (let n = 1; n < MAX_CALLS_KEPT + 5; n++) log.record(call(n));
  const kept = log.list();
  expect(kept).toHaveLength(MAX_CALLS_KEPT);
  expect(kept[0]!.at).toBe(5);
  expect(kept.at(-1)!.at).toBe(MAX_CALLS_KEPT + 4);
  expect(kept.every((entry, i) => i === 0 || entry.at === kept[i - 1]!.at + 1)).toBe(true);
  log.clear();
  expect(log.list()).toEqual([]);
});
