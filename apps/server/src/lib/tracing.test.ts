import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { roomJpeg } from '@rv/testing/test-rooms';
import { loadConfig } from '../config/env';
import { roomDesigns } from '../db/schema';
import { signInNewUser } from '../../test/fixtures';
import { createTestApp, eventually, multipart, TEST_ORIGIN } from '../../test/test-app';
import { startTracing, type Tracing } from './start-tracing';
import { startConfiguredTracing, tracesEndpoint } from './tracing';

/** Every ancestor of a span among the collected ones, nearest first (by its parent's span id). */
function ancestors(span: ReadableSpan, all: ReadableSpan[]): ReadableSpan[] {
  const chain: ReadableSpan[] = [];
  for (let parentId = span.parentSpanContext?.spanId; parentId;) {
    const parent = all.find((other) => other.spanContext().spanId === parentId);
    if (!parent) break;
    chain.push(parent);
    parentId = parent.parentSpanContext?.spanId;
  }
  return chain;
}

describe("one design's trace (ADR 059)", () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    tracing = startTracing({ serviceName: 'room-visualizer-test', processor: new SimpleSpanProcessor({ exporter }) });
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
    await tracing.shutdown();
  });

  it('holds the request, its job, the engine calls, storage and database queries, each a child of the one before', async () => {
    const db = ctx.app.services.database.db;
    const { id: userId, cookie } = await signInNewUser(ctx.app, db);
    exporter.reset();
    const body = multipart({ styleDescription: 'sage green', architecturalChanges: 'no' }, [
      { field: 'roomPhoto', filename: 'room.jpg', data: await roomJpeg({ width: 480, height: 360 }) },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/room-design',
      headers: { ...body.headers, origin: TEST_ORIGIN, cookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBeLessThan(300);
    await eventually(async () => (await db.select().from(roomDesigns).where(eq(roomDesigns.userId, userId)))[0]?.status === 'done', 60_000);
    // The job's span ends after the design is marked done: wait for it.
    const spans = await eventually(async () => {
      const all = exporter.getFinishedSpans();
      return all.some((span) => span.name === 'process generate-design') && all;
    });

    const request = spans.find((span) => span.name === 'POST /api/room-design');
    expect(request, spans.map((span) => span.name).join(', ')).toBeDefined();
    expect(request!.attributes).toMatchObject({ 'http.route': '/api/room-design', 'http.response.status_code': res.statusCode });
    const inTrace = spans.filter((span) => span.spanContext().traceId === request!.spanContext().traceId);
    const named = (name: string) => inTrace.filter((span) => span.name === name);

    const [send] = named('send generate-design');
    const [job] = named('process generate-design');
    expect(send && job).toBeTruthy();
    expect(ancestors(send!, inTrace)).toContain(request);
    expect(job!.parentSpanContext?.spanId).toBe(send!.spanContext().spanId);

    const engineCalls = inTrace.filter((span) => span.name.startsWith('engine '));
    expect(engineCalls.map((span) => span.name)).toContain('engine redesign');
    for (const call of engineCalls) {
      expect(ancestors(call, inTrace)).toEqual(expect.arrayContaining([job, request]));
      expect(call.attributes).toMatchObject({ 'engine.name': 'local' });
    }
    // The room photo stored by the request, the images by the job; queries under both.
    const puts = named('storage put');
    expect(puts.some((put) => ancestors(put, inTrace).includes(job!))).toBe(true);
    expect(puts.some((put) => !ancestors(put, inTrace).includes(job!) && ancestors(put, inTrace).includes(request!))).toBe(true);
    // Ours (better-auth makes spans of its own, `db findOne session`, which join the trace too).
    const queries = inTrace.filter(
      (span) => span.attributes['db.system.name'] === 'pglite' || span.attributes['db.system.name'] === 'postgresql',
    );
    expect(queries.some((query) => ancestors(query, inTrace).includes(job!))).toBe(true);
    expect(queries.some((query) => query.parentSpanContext?.spanId === request!.spanContext().spanId)).toBe(true);
    expect(
      queries.every((query) => /^(select|insert|update|delete|begin|commit|with)\b/i.test(String(query.attributes['db.query.text']))),
    ).toBe(true);
    expect(request!.resource.attributes['service.name']).toBe('room-visualizer-test');
    // A whole design: the suite's 30 s for one test is short on a loaded machine (it took 24 s on PostgreSQL with load 20).
  }, 120_000);

  it("a caller's traceparent makes the request a child of the caller's span", async () => {
    exporter.reset();
    const callerTrace = '0af7651916cd43dd8448eb211c80319c';
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { traceparent: `00-${callerTrace}-b7ad6b7169203331-01` },
    });
    expect(res.statusCode).toBe(200);
    const request = await eventually(async () => exporter.getFinishedSpans().find((span) => span.name === 'GET /api/health'));
    expect(request.spanContext().traceId).toBe(callerTrace);
    expect(request.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
  });
});

describe('tracing as configured', () => {
  const config = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'test', DATA_DIR: 'data', ...env });
  let collector: Server | undefined;
  let tracing: Tracing | undefined;
  afterEach(async () => {
    await tracing?.shutdown();
    tracing = undefined;
    await new Promise((resolve) => (collector ? collector.close(resolve) : resolve(undefined)));
    collector = undefined;
  });

  it('without an OTLP endpoint starts nothing: every span is the no-op one and no request is traced', async () => {
    tracing = await startConfiguredTracing(config());
    expect(tracing).toBeUndefined();
    const span = trace.getTracer('check').startSpan('unconfigured');
    expect(span.isRecording()).toBe(false);
    span.end();
    // An app serving without it makes no span either: what a request would do in one is untouched.
    const ctx = await createTestApp();
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(trace.getTracer('check').startSpan('after a request').isRecording()).toBe(false);
    } finally {
      await ctx.close();
    }
  });

  it('reads the traces endpoint as the specification does', () => {
    expect(tracesEndpoint(config({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }))).toBe('http://collector:4318/v1/traces');
    expect(tracesEndpoint(config({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/base/' }))).toBe(
      'http://collector:4318/base/v1/traces',
    );
    expect(
      tracesEndpoint(config({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:1', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:2/traces' })),
    ).toBe('http://b:2/traces');
    expect(() => config({ OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });

  it('with OTEL_EXPORTER_OTLP_ENDPOINT, sends the spans over OTLP/HTTP under OTEL_SERVICE_NAME', async () => {
    const received: { path: string; body: string }[] = [];
    collector = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector!.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    tracing = await startConfiguredTracing(config({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'rv-web' }));
    expect(tracing).toBeDefined();
    trace.getTracer('check').startSpan('sent over otlp').end();
    await tracing!.shutdown(); // flushes the batch
    tracing = undefined;
    expect(received.map((request) => request.path)).toEqual(['/v1/traces']);
    expect(received[0]!.body).toContain('sent over otlp');
    expect(received[0]!.body).toContain('rv-web');
  });
});
