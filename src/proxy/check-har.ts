// `txc-api proxy --check-har FILE`: recorded traffic judged offline, as the proxy judges it live.
import { readHar } from "./har.js";
import { TrafficJudge, type ProxyViolation } from "./traffic-judge.js";
import type { OncePer } from "../validation/once-per.js";

/**
 * Judges the exchanges of a HAR file in the order recorded. Signatures are redacted in our
 * recordings, so none is verified; every other check runs as live.
 */
export async function checkHar(file: string, onViolation?: (violation: ProxyViolation) => void, oncePer: OncePer = {}): Promise<{ judge: TrafficJudge; exchanges: number }> {
  const exchanges = readHar(file);
  const judge = new TrafficJudge(new Map(), onViolation, oncePer);
  for (const exchange of exchanges) {
    if (!exchange.answer) judge.report({ operationId: null, check: "upstream", message: "no answer was recorded for this request", method: exchange.method, path: exchange.path, status: 502 });
    await judge.judge(exchange);
  }
  judge.finish();
  return { judge, exchanges: exchanges.length };
}
