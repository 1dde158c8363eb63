// Which clients get the docs page gzipped: RFC 9110's Accept-Encoding, weights included.
import { describe, expect, it } from "vitest";
import { acceptsGzip } from "../../src/sandbox/static-file.js";

describe("acceptsGzip", () => {
  it.each([
    ["gzip, deflate, br", true],
    ["GZIP", true],
    ["x-gzip", true],
    ["*", true],
    ["br;q=1, *;q=0.1", true],
    ["gzip;q=0, *", false],
    ["*;q=0, gzip;q=0.5", true],
    ["gzip;q=0", false],
    ["identity", false],
    ["", false],
    [undefined, false],
  ])("%s: %s", (header, gzipped) => {
    expect(acceptsGzip(header)).toBe(gzipped);
  });
});
