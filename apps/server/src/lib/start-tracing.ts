import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { TracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace';

/** A process's tracing, once started: `shutdown` sends what is still buffered and stops it. */
export interface Tracing {
  shutdown(): Promise<void>;
}

/**
 * Makes the API's spans real in this process (ADR 059): a tracer provider handing each ended span to
 * `processor`, the context carried through async calls (AsyncLocalStorage), and W3C trace headers read
 * and written. Until this runs, every span of lib/tracing.ts is the API's no-op one.
 */
export function startTracing(options: { serviceName: string; processor: SpanProcessor }): Tracing {
  const contextManager = new AsyncLocalStorageContextManager().enable();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [options.processor],
  });
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  return {
    async shutdown() {
      try {
        await provider.shutdown();
      } finally {
        trace.disable();
        propagation.disable();
        context.disable();
      }
    },
  };
}
