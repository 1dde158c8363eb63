// The one lookup of a documented response for a status, used by the client and the tester alike.
import { describe, expect, it } from "vitest";
import { documentedStatusKey } from "../../src/validation/status-key.js";
import { responseValidator } from "../helpers/validators.js";
import { validators } from "../../generated/validators.js";

const documented = (...keys: string[]) => (key: string) => keys.includes(key);

describe("documentedStatusKey", () => {
  it("takes the exact code first, then its range, then default", () => {
    expect(documentedStatusKey(400, documented("400", "4XX", "default"))).toBe("400");
    expect(documentedStatusKey(422, documented("400", "4XX", "default"))).toBe("4XX");
    expect(documentedStatusKey(503, documented("400", "4XX", "default"))).toBe("default");
    expect(documentedStatusKey(503, documented("400", "4XX"))).toBeUndefined();
  });

  it("is what the client's validator lookup follows: the mining destination's 4XX covers a 422", () => {
    const responses = validators.getMiningPayoutDestination.responses as Record<string, unknown>;
    expect(responseValidator("getMiningPayoutDestination", 400)).toBe(responses["400"]);
    expect(responseValidator("getMiningPayoutDestination", 422)).toBe(responses["4XX"]);
    expect(responses["4XX"]).toBeTypeOf("function");
    expect(responseValidator("getMainBalance", 422)).toBeUndefined();
  });
});
