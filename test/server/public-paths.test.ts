import { describe, expect, it } from "vitest";
import { operationIds, operationIndex } from "../../generated/operations.js";
import { isPublicPath, publicPathRule } from "../../src/server/public-paths.js";

const unsigned = operationIds.filter((id) => !operationIndex[id].signed);
const signed = operationIds.filter((id) => operationIndex[id].signed);
const directoryOf = (path: string) => path.slice(0, path.lastIndexOf("/") + 1);

describe("the error format of a path, from each operation's security", () => {
  it("every operation's path takes the format of its own security requirement", () => {
    expect(unsigned.length).toBeGreaterThan(0);
    expect(signed.length).toBeGreaterThan(0);
    for (const id of operationIds) expect([id, isPublicPath(operationIndex[id].path)]).toEqual([id, !operationIndex[id].signed]);
  });

  it("an unknown path takes the format of the nearest directory holding operations", () => {
    const publicDirectory = directoryOf(operationIndex[unsigned[0]!].path);
    const privateDirectory = directoryOf(operationIndex[signed[0]!].path);
    expect(isPublicPath(`${publicDirectory}no-such-endpoint`)).toBe(true);
    expect(isPublicPath(`${privateDirectory}no-such-endpoint`)).toBe(false);
    expect(isPublicPath(`${privateDirectory}deeper/no-such-endpoint`)).toBe(false);
    expect(isPublicPath("/outside-the-api")).toBe(false);
    expect(isPublicPath("")).toBe(false);
  });
});

describe("the rule on a document grown past /api/v4/public/", () => {
  it("an unsigned operation elsewhere leaves every signed one private (a shared directory of unsigned paths would be /api/v4/)", () => {
    const grown = Object.values(operationIndex).flatMap((operation) => [operation, { path: operation.path.replace(/^(\/[^/]+\/[^/]+\/)/, "$1k2/"), signed: operation.signed }]);
    const rule = publicPathRule(grown);
    for (const { path, signed } of grown) expect([path, rule(path)]).toEqual([path, !signed]);
    const movedPublic = grown.find((operation) => !operation.signed && operation.path.includes("/k2/"))!;
    expect(rule(`${directoryOf(movedPublic.path)}no-such-endpoint`)).toBe(true);
    expect(rule(`${directoryOf(movedPublic.path).replace(/[^/]+\/$/, "")}no-such-endpoint`)).toBe(false);
  });
});
