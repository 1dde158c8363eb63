// OpenTelemetry, when the application has @opentelemetry/api (an optional peer dependency) and a
// tracer provider registered: each call one CLIENT span named after the operation, each attempt an
// event on it. Without the package nothing is loaded and nothing changes.

type Attributes = Record<string, string | number | boolean>;
type Span = {
  addEvent(name: string, attributes?: Attributes): void;
  setAttribute(name: string, value: string | number | boolean): void;
  setStatus(status: { code: number; message?: string }): void;
  spanContext(): { traceId: string; spanId: string; traceFlags: number };
  isRecording(): boolean;
  end(): void;
};
type OtelApi = {
  trace: { getTracer(name: string): { startSpan(name: string, options: { kind: number; attributes: Attributes }): Span } };
  SpanKind: { CLIENT: number };
  SpanStatusCode: { ERROR: number };
};

/** A variable specifier: bundlers leave the optional package alone, and nothing fails where it is not installed. */
const OTEL_API = "@opentelemetry/api";
let loading: Promise<OtelApi | null> | undefined;
let tracer: ReturnType<OtelApi["trace"]["getTracer"]> | undefined;

/** What the load found, once it has: so that a call after the first need not wait for it. */
let found: { api: OtelApi | null } | undefined;

/** The tracer's API, or null without the package: loaded once per process, then the same promise. */
export function loadTracing(): Promise<OtelApi | null> {
  loading ??= import(OTEL_API).then(
    (api: OtelApi & { default?: OtelApi }) => (api.trace ? api : (api.default ?? null)),
    () => null,
  ).then((api) => ((found = { api }), api));
  return loading;
}

/** The tracer's API (or null) once loaded, at once; a promise of it before. */
export const tracingApi = (): OtelApi | null | Promise<OtelApi | null> => (found ? found.api : loadTracing());

/** One call's span, or nothing when tracing is off. */
export class CallSpan {
  private attempts = 0;

  private constructor(private readonly api: OtelApi, private readonly span: Span) {}

  static start(api: OtelApi | null, operationId: string, method: string, url: string): CallSpan | undefined {
    if (!api) return undefined;
    // One tracer for the process: the API's proxy tracer finds a provider registered later.
    tracer ??= api.trace.getTracer("txc-api");
    const span = tracer.startSpan(operationId, { kind: api.SpanKind.CLIENT, attributes: { "http.request.method": method, "txc.operation_id": operationId } });
    // Without a registered provider the span records nothing: no more work for it.
    if (!span.isRecording()) return (span.end(), undefined);
    const { hostname, port, protocol } = new URL(url);
    span.setAttribute("url.full", url);
    span.setAttribute("server.address", hostname.replace(/^\[|\]$/g, ""));
    span.setAttribute("server.port", Number(port) || (protocol === "https:" ? 443 : 80));
    return new CallSpan(api, span);
  }

  /** The W3C traceparent of this span, for a caller who asked to propagate it. */
  traceparent(): string {
    const { traceId, spanId, traceFlags } = this.span.spanContext();
    return `00-${traceId}-${spanId}-${(traceFlags & 0xff).toString(16).padStart(2, "0")}`;
  }

  attempt(attributes: { attempt: number; status?: number; durationMs?: number; error?: string }) {
    this.attempts = attributes.attempt;
    const event: Attributes = { attempt: attributes.attempt };
    if (attributes.status !== undefined) event["http.response.status_code"] = attributes.status;
    if (attributes.durationMs !== undefined) event["duration_ms"] = Math.round(attributes.durationMs);
    if (attributes.error !== undefined) event["error.type"] = attributes.error;
    this.span.addEvent("attempt", event);
  }

  end(outcome: { status?: number; error?: unknown }) {
    if (outcome.status !== undefined) this.span.setAttribute("http.response.status_code", outcome.status);
    if (this.attempts > 1) this.span.setAttribute("http.request.resend_count", this.attempts - 1);
    if (outcome.error !== undefined) {
      const status = (outcome.error as { status?: number }).status;
      this.span.setAttribute("error.type", status !== undefined ? String(status) : ((outcome.error as Error)?.name ?? "Error"));
      this.span.setStatus({ code: this.api.SpanStatusCode.ERROR, message: (outcome.error as Error)?.message });
    }
    this.span.end();
  }
}
