import type { Config } from '../config/env';
import type { Tracing } from './start-tracing';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';

/**
 * The app's spans, made by hand at its few seams (the request, a job sent and worked, an engine call, a
 * storage call, a database query; ADR 059). They go through OpenTelemetry's API only: until a process
 * starts tracing (`lib/start-tracing.ts`, when OTEL_EXPORTER_OTLP_ENDPOINT is set) the API's tracer is
 * its no-op one, and a span costs a call that records nothing.
 */
const tracer = () => trace.getTracer('room-visualizer');

export { SpanKind };

/** Ends a span with the outcome of its work: an error is recorded on it and marks it failed. */
export function failSpan(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

/**
 * Runs `work` in a span of its own (a child of the active one), active while it runs: spans `work`
 * makes are its children. The span ends when `work` settles; a rejection is recorded and passed on.
 */
export function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Context },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  return tracer().startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    parent,
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        failSpan(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/**
 * The active trace's context as W3C headers (`traceparent`, `tracestate`), to carry across a process
 * boundary (a job's data). Empty when no trace is being made, so nothing is carried.
 */
export function traceCarrier(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/**
 * The context a carrier names (what `traceCarrier` wrote; from any other value, what is not a W3C header is
 * ignored), on its own: a span started in it belongs to the carried trace.
 */
export function contextFrom(carrier: unknown): Context {
  const headers: Record<string, string> = {};
  if (carrier && typeof carrier === 'object')
    for (const [key, value] of Object.entries(carrier)) if (typeof value === 'string') headers[key] = value;
  return propagation.extract(ROOT_CONTEXT, headers);
}

/** Starts a span that its caller ends (one that begins and ends in different callbacks: a request's). */
export function startSpan(name: string, options: { kind: SpanKind; attributes?: Attributes; parent: Context }): Span {
  return tracer().startSpan(name, { kind: options.kind, attributes: options.attributes }, options.parent);
}

/** Runs `run` with `span` active: what it starts (and what that awaits) are the span's children. */
export function withSpan<T>(span: Span, run: () => T): T {
  return context.with(trace.setSpan(context.active(), span), run);
}

/** The service name of the spans when OTEL_SERVICE_NAME is unset. */
export const DEFAULT_SERVICE_NAME = 'room-visualizer';

/**
 * Tracing as configured: with OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), spans
 * are batched and sent over OTLP/HTTP to the endpoint the configuration names; the exporter reads the other
 * standard variables itself (OTEL_EXPORTER_OTLP_HEADERS, time-out). Unset, nothing is started and the SDK
 * is never imported.
 */
export async function startConfiguredTracing(
  config: Pick<Config, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' | 'OTEL_SERVICE_NAME'>,
): Promise<Tracing | undefined> {
  if (!config.OTEL_EXPORTER_OTLP_ENDPOINT && !config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return undefined;
  const [{ startTracing }, { OTLPTraceExporter }, { BatchSpanProcessor }] = await Promise.all([
    import('./start-tracing'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/sdk-trace'),
  ]);
  return startTracing({
    serviceName: config.OTEL_SERVICE_NAME ?? DEFAULT_SERVICE_NAME,
    processor: new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: tracesEndpoint(config) }) }),
  });
}

/** Like `inSpan`, but only inside a trace: work no request or job started (a timer, a poll) runs untraced. */
export function inChildSpan<T>(name: string, options: { kind?: SpanKind; attributes?: Attributes }, work: () => Promise<T>): Promise<T> {
  return trace.getSpan(context.active()) ? inSpan(name, options, work) : work();
}

/**
 * Where spans are sent, as OpenTelemetry's specification reads its variables: the traces endpoint as
 * given, else the base endpoint with `v1/traces` added to its path.
 */
export function tracesEndpoint(
  config: Pick<Config, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'>,
): string | undefined {
  if (config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (!config.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  return `${config.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces`;
}
