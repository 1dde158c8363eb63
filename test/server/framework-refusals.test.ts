// What a framework would answer itself, answered in the document's error shape behind every
// framework as docs/server.md sets it up: a path outside the API, a method the operation does not
// take, a body that is not JSON, a header block over the limit, bytes that are not HTTP. And the
// proxy, in front, finds nothing to report in any of them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationIds, operationIndex } from "../../generated/operations.js";
import { startProxy, type Proxy } from "../../src/contract-entry.js";
import { createApiHandler, privateErrorBody, publicErrorBody } from "../../src/server-entry.js";
import { FRAMEWORKS, startFront, type Front } from "../helpers/framework-fronts.js";
import { BALANCE, parseRawAnswer, send, sendRawBytes, signedOfSize } from "../helpers/raw-requests.js";
import { REQUEST_CHECKS } from "../../src/proxy/check-names.js";
import { notWrittenYet } from "../helpers/not-written.js";

const key = { apiKey: "refusals-key", apiSecret: "refusals-secret" };
const notWritten = notWrittenYet();
/** The directory of the first operation anyone may call, unsigned: an unknown path there answers in the public format. */
const publicPath = operationIndex[operationIds.find((id) => !operationIndex[id].signed)!].path;
const publicDirectory = publicPath.slice(0, publicPath.lastIndexOf("/") + 1);
const api = () => createApiHandler({ keys: (apiKey) => (apiKey === key.apiKey ? { secret: key.apiSecret } : undefined), handlers: { ...notWritten, getMainBalance: () => ({}) } });
const privateError = (status: number) => privateErrorBody(status, expect.any(String) as unknown as string);

describe.each(FRAMEWORKS)("%s's own refusals, in the document's shape", (framework) => {
  let front: Front;
  let proxy: Proxy;
  beforeAll(async () => {
    front = await startFront(framework, api());
    proxy = await startProxy({ upstream: front.baseUrl, credentials: [key] });
  });
  afterAll(async () => {
    await proxy?.close();
    await front?.close();
  });

  it("a path outside the API: the document's 404, not the framework's page", async () => {
    expect(await send(`${front.baseUrl}/not-the-api`, { method: "GET" })).toEqual({ status: 404, body: privateError(404) });
    expect(await send(`${front.baseUrl}${publicDirectory}nothing-here`, { method: "GET" })).toEqual({ status: 404, body: publicErrorBody(expect.any(String) as unknown as string) });
  });

  it("a method the operation does not take: the document's 404 (no framework 405)", async () => {
    expect(await send(`${proxy.url}${BALANCE}`, { method: "GET" })).toEqual({ status: 404, body: privateError(404) });
    expect(await send(`${proxy.url}${BALANCE}`, { method: "PATCH", body: "{}" })).toEqual({ status: 404, body: privateError(404) });
  });

  it("a body that is not JSON, under any content type: the kit's document answer, not the framework's parse error", async () => {
    for (const contentType of ["application/json", "text/plain", "application/x-www-form-urlencoded"]) {
      const heard = await send(`${proxy.url}${BALANCE}`, { headers: { "content-type": contentType }, body: "{not json" });
      expect(heard).toEqual({ status: 401, body: privateError(401) });
    }
  });

  it("a header block over the limit: 431 in the document's shape", async () => {
    const raw = await sendRawBytes(front.baseUrl, `POST ${BALANCE} HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(40 * 1024)}\r\n\r\n`);
    expect(parseRawAnswer(raw)).toEqual({ status: 431, body: privateError(431) });
  });

  it("bytes that are not HTTP: 400 in the document's shape", async () => {
    expect(parseRawAnswer(await sendRawBytes(front.baseUrl, "NOT HTTP AT ALL\r\n\r\n"))).toEqual({ status: 400, body: privateError(400) });
  });

  it("the proxy in front finds nothing wrong with the answers, only the requests' own mistakes", async () => {
    const before = proxy.violations().length;
    expect(await send(`${proxy.url}${BALANCE}`, signedOfSize(api().maxBodyBytes + 1, key))).toEqual({ status: 413, body: privateError(413) });
    await send(`${proxy.url}${BALANCE}`, { method: "GET" });
    await send(`${proxy.url}${BALANCE}`, { headers: { "content-type": "text/plain" }, body: "{not json" });
    const found = proxy.violations().slice(before);
    expect(found.filter((violation) => !(REQUEST_CHECKS as readonly string[]).includes(violation.check))).toEqual([]);
    expect(found.map((violation) => violation.check)).toEqual(["documented-operation", "signing-headers"]);
  });
});
