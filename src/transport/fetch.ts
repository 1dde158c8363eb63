import { isRedirect, redirectFailure, timedOut, tooLarge, TransportFailure, type HttpAnswer, type Exchange, type Transport } from "./exchange.js";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The bytes as text, and whether they were valid UTF-8 (else with U+FFFD in place of the rest). */
function decoded(bytes: Uint8Array): { text: string; utf8: boolean } {
  try {
    return { text: strictUtf8.decode(bytes), utf8: true };
  } catch {
    return { text: new TextDecoder().decode(bytes), utf8: false };
  }
}

async function readCapped(response: Response, limit: number): Promise<{ text: string; utf8: boolean }> {
  if (Number(response.headers.get("content-length")) > limit) throw tooLarge(limit, response.status);
  if (!response.body) return { text: "", utf8: true };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength;
    if (size > limit) {
      void reader.cancel();
      throw tooLarge(limit, response.status);
    }
    chunks.push(part.value);
  }
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return decoded(whole);
}

/**
 * The transport over a fetch function: the global one outside Node, or the caller's. It asks for
 * `redirect: "manual"` and refuses any 3xx or opaque redirect; a caller's fetch must honour that
 * option and the signal. The timeout and the caller's abort end the call even if it does not.
 */
export function fetchTransport(fetchFunction: typeof globalThis.fetch): Transport {
  return async (exchange: Exchange): Promise<HttpAnswer> => {
    exchange.signal?.throwIfAborted();
    const controller = new AbortController();
    const ended = new Promise<never>((_, reject) => controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true }));
    ended.catch(() => {});
    const timer = setTimeout(() => controller.abort(timedOut(exchange.timeoutMs)), exchange.timeoutMs);
    const onAbort = () => controller.abort(exchange.signal!.reason);
    exchange.signal?.addEventListener("abort", onAbort, { once: true });
    const work = async (): Promise<HttpAnswer> => {
      let response: Response;
      try {
        response = await fetchFunction(exchange.url, {
          method: exchange.method, headers: exchange.headers, body: exchange.body, redirect: "manual", signal: controller.signal,
        });
      } catch (cause) {
        throw controller.signal.aborted ? controller.signal.reason : new TransportFailure("network", `the connection failed: ${(cause as Error)?.message ?? cause}`, { cause });
      }
      if (response.type === "opaqueredirect" || isRedirect(response.status)) {
        void response.body?.cancel();
        throw redirectFailure(response.status, response.headers.get("location"), exchange.url);
      }
      return { status: response.status, headers: response.headers, ...(await readCapped(response, exchange.maxResponseBytes)) };
    };
    try {
      return await Promise.race([work(), ended]);
    } catch (failure) {
      controller.abort(failure);
      throw controller.signal.reason;
    } finally {
      clearTimeout(timer);
      exchange.signal?.removeEventListener("abort", onAbort);
    }
  };
}
