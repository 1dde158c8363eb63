// What a retried call says of its last error is said on a copy: the error that was thrown (and
// that a hook or a span may hold) is never edited.
import { expect, it } from "vitest";
import { retold } from "../../src/errors/base.js";
import { BadRequestError, RateLimitError } from "../../src/errors/index.js";

it("retold: a copy of the same class, fields and cause, its message and stack's first line lengthened; the original untouched", () => {
  const original = new RateLimitError("getMainBalance", { message: "slow down" }, 2000);
  const originalMessage = original.message;
  const originalStack = original.stack;
  const copy = retold(original, " (3 attempts in 1.0 s; this was the last)", { attempts: 3 });
  expect(copy).not.toBe(original);
  expect(copy).toBeInstanceOf(RateLimitError);
  expect(copy.name).toBe("RateLimitError");
  expect(copy.retryAfterMs).toBe(2000);
  expect(copy.status).toBe(429);
  expect(copy.message).toBe(`${originalMessage} (3 attempts in 1.0 s; this was the last)`);
  expect(copy.stack!.split("\n")[0]).toBe(`RateLimitError: ${copy.message}`);
  expect((copy as RateLimitError & { attempts?: number }).attempts).toBe(3);
  expect(original.message).toBe(originalMessage);
  expect(original.stack).toBe(originalStack);
  expect((original as RateLimitError & { attempts?: number }).attempts).toBeUndefined();
});

it("retold keeps a 400's errors by field", () => {
  const original = new BadRequestError("applyCode", { message: "Validation failed", errors: { code: ["The code is used."] } });
  const copy = retold(original, ". Not retried: it changes state");
  expect(copy.errors).toEqual({ code: ["The code is used."] });
  expect(copy.message.endsWith(". Not retried: it changes state")).toBe(true);
  expect(original.message.endsWith(". Not retried: it changes state")).toBe(false);
});
