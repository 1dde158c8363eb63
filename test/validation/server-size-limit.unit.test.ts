// A 413 is the server's own size limit only for a body over what every server is held to read
// (8 KiB, the package's pick: the description states no limit); to a smaller body it is a status the
// operation does not document, as before.
import { expect, it } from "vitest";
import { ANSWER_ORACLES, type AnsweredExchange } from "../../src/validation/answer-oracles.js";
import { DEFAULT_MAX_BODY_BYTES } from "../../src/validation/body-size.js";

const status = ANSWER_ORACLES.find((oracle) => oracle.name === "status")!;
const answered413 = (sentBytes: number | undefined): AnsweredExchange => ({
  operationId: "getMainBalance", validRequest: true, sentBytes,
  answer: { status: 413, contentType: "application/json", cacheControl: "no-store", json: { ok: true, value: { code: 413, message: "too large", errors: {} } } },
});

it("a 413 to a body over 8 KiB is not judged; to one of 8 KiB or less, or of unknown size, it is an undocumented status", () => {
  expect(status.judge(answered413(DEFAULT_MAX_BODY_BYTES + 1))).toBeUndefined();
  for (const sentBytes of [DEFAULT_MAX_BODY_BYTES, 40, undefined]) {
    expect(status.judge(answered413(sentBytes))).toEqual([{ kind: "undocumented-status", message: expect.stringMatching(/^status 413 is not documented for getMainBalance/) }]);
  }
});
