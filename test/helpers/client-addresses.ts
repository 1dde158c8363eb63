// Clients on loopback addresses of their own (127.0.0.2, 127.0.0.3) through a front: unsigned POSTs,
// which the rate limits count before the signature is read, and a window filled whatever the
// machine's speed.
import { request } from "node:http";
import { operationIndex } from "../../generated/operations.js";

const BALANCE = operationIndex.getMainBalance.path;

/** An unsigned POST from `localAddress`, with any headers given (a forged X-Forwarded-For): its status. */
export function statusFrom(localAddress: string, port: number, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: "127.0.0.1", port, path: BALANCE, method: "POST", localAddress, agent: false, headers: { "content-type": "application/json", ...headers } }, (response) => {
      response.resume().on("end", () => resolve(response.statusCode!));
    });
    outgoing.on("error", reject).end("{}");
  });
}

/**
 * Sends from `localAddress`, 16 in flight, until the first 429 or three times the limit (a window
 * that never fills is a failure to report, not a loop to wait in): how many were sent. `headers`
 * gives each request its own (a new forged X-Forwarded-For each time).
 */
export async function fillWindowFrom(localAddress: string, port: number, limit: number, headers: (sent: number) => Record<string, string> = () => ({})): Promise<{ sent: number; limited: boolean }> {
  let sent = 0;
  let limited = false;
  const sender = async () => {
    while (!limited && sent <= 3 * limit) {
      const status = await statusFrom(localAddress, port, headers(sent++));
      if (status === 429) limited = true;
    }
  };
  await Promise.all(Array.from({ length: 16 }, sender));
  return { sent, limited };
}
