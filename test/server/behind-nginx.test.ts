// Behind a forwarding front, the kit's rate limits count the client's address as the framework
// resolves it from the front's X-Forwarded-For. Real nginx on 127.0.0.1, clients on two loopback
// addresses (127.0.0.2 and 127.0.0.3): one fills its window, the other is still admitted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationIndex } from "../../generated/operations.js";
import { createApiHandler, type ApiHandler } from "../../src/server-entry.js";
import { startNginx, type Front as Nginx } from "../helpers/fronts.js";
import { FRAMEWORKS, startFront, type Front } from "../helpers/framework-fronts.js";
import { notWrittenYet } from "../helpers/not-written.js";
import { fillWindowFrom, statusFrom } from "../helpers/client-addresses.js";

const notWritten = notWrittenYet();

describe.each(FRAMEWORKS.filter((framework) => framework !== "node:http"))("%s behind nginx, trusting it", (framework) => {
  let api: ApiHandler;
  let front: Front;
  let nginx: Nginx;
  beforeAll(async () => {
    api = createApiHandler({ keys: () => undefined, handlers: { ...notWritten, getMainBalance: () => ({}) } });
    front = await startFront(framework, api, { trustProxy: true });
    const upstream = new URL(front.baseUrl);
    nginx = await startNginx(([port]) => `server {
      listen 127.0.0.1:${port};
      location / { proxy_pass http://127.0.0.1:${upstream.port}; proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for; proxy_http_version 1.1; proxy_set_header Connection ""; }
    }`);
  });
  afterAll(async () => {
    await nginx?.close();
    await front?.close();
  });

  it("counts each client's address: one client's full window leaves the other admitted", async () => {
    const [limit] = operationIndex.getMainBalance.rateLimits;
    // The window is 10 s: one that closed between filling it and asking again is filled again (at most three times).
    let [sent, other, again] = [0, 0, 0];
    for (let tries = 0; tries < 3 && again !== 429; tries++) {
      ({ sent } = await fillWindowFrom("127.0.0.2", nginx.port, limit!.requests));
      other = await statusFrom("127.0.0.3", nginx.port);
      again = await statusFrom("127.0.0.2", nginx.port);
    }
    // Full at the documented number (16 in flight may overshoot by the ones sent with the 429).
    expect(sent).toBeGreaterThan(limit!.requests);
    expect(sent).toBeLessThanOrEqual(limit!.requests + 16);
    expect(other).toBe(401);
    expect(again).toBe(429);
    // nginx saw both clients: the test made the condition it needs.
    expect(nginx.log()).toMatch(/^127\.0\.0\.3 /m);
  });
});
