import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithEngineStandInAnd, failingAnswer, roomPhotoAndItsAnswer, type Answer } from '../../test/faults/engine-stand-in';
import { postDesign } from '../../test/faults/fault-fixtures';
import { configuredEngines } from '../engines/engine-choice';
import { GENERATE_DESIGN_QUEUE } from '../jobs/generate-design-job';
import { signInNewUser } from '../../test/fixtures';
import { startMetricsServer } from './metrics-server';

/** The value of the first sample of `name` whose labels include `labels`, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => given[key] === value)) return Number(match[3]);
  }
  return undefined;
}

/** An images.edit answer that also says what it used (so the call has a cost). */
const withUsage =
  (answer: Answer): Answer =>
  (request) => {
    const scripted = answer(request);
    if (!('json' in scripted)) return scripted;
    const usage = { input_tokens: 1200, input_tokens_details: { image_tokens: 1000 }, output_tokens: 4000 };
    return { ...scripted, json: { ...(scripted.json as object), usage } };
  };

describe('metrics', () => {
  let engine: Awaited<ReturnType<typeof appWithEngineStandInAnd>>;
  let metricsUrl: string;
  let text: string;
  let doneId: string;

  beforeAll(async () => {
    // The real app with the real OpenAI image engine on a local stand-in, and its metrics listener on a free port.
    engine = await appWithEngineStandInAnd({ METRICS_PORT: '0' }, GENERATE_DESIGN_QUEUE);
    const { app } = engine.ctx;
    metricsUrl = `http://127.0.0.1:${app.metricsServer!.port}/metrics`;
    const { room, images } = await roomPhotoAndItsAnswer();
    const { cookie } = await signInNewUser(app, app.services.database.db, { transformationsUsed: 0 });

    // A design that is made, one whose engine fails for good, a view of the first, and a job nobody works.
    engine.answerWith(withUsage(images));
    const done = await postDesign(app, cookie, room);
    expect(done.statusCode).toBe(200);
    doneId = done.json<{ designId: string }>().designId;
    engine.answerWith(failingAnswer(500, 'The server had an error while processing your request.'));
    expect((await postDesign(app, cookie, room)).statusCode).toBe(502);
    expect((await app.inject({ method: 'GET', url: `/api/room-design/${doneId}`, headers: { cookie } })).statusCode).toBe(200);
    await app.services.jobs.createQueue('metrics-probe');
    await app.services.jobs.send('metrics-probe', {});
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const scrape = await fetch(metricsUrl);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toContain('text/plain');
    text = await scrape.text();
  }, 120_000);
  afterAll(() => engine?.close());

  it('counts HTTP requests by matched route pattern and status, with a latency histogram, never the raw URL', () => {
    const view = { method: 'GET', route: '/api/room-design/:id', status: '200' };
    expect(sample(text, 'rv_http_requests_total', view)).toBe(1);
    expect(sample(text, 'rv_http_request_duration_seconds_count', view)).toBe(1);
    expect(sample(text, 'rv_http_request_duration_seconds_bucket', { ...view, le: '+Inf' })).toBe(1);
    expect(sample(text, 'rv_http_requests_total', { method: 'POST', route: '/api/room-design', status: '200' })).toBe(1);
    expect(sample(text, 'rv_http_requests_total', { method: 'POST', route: '/api/room-design', status: '502' })).toBe(1);
    expect(text).not.toContain(doneId);
  });

  it('shows each queue’s waiting and active jobs and the age of its oldest waiting job, read at the scrape', () => {
    expect(sample(text, 'rv_queue_jobs', { queue: 'metrics-probe', state: 'waiting' })).toBe(1);
    expect(sample(text, 'rv_queue_jobs', { queue: 'metrics-probe', state: 'active' })).toBe(0);
    expect(sample(text, 'rv_queue_oldest_waiting_job_age_seconds', { queue: 'metrics-probe' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'rv_queue_jobs', { queue: GENERATE_DESIGN_QUEUE, state: 'waiting' })).toBe(0);
    expect(sample(text, 'rv_queue_oldest_waiting_job_age_seconds', { queue: GENERATE_DESIGN_QUEUE })).toBe(0);
  });

  it('counts engine calls by engine, model and kind with their latency, failures and estimated cost', () => {
    const { model } = configuredEngines(engine.ctx.config).image;
    expect(model).toMatch(/^gpt-image/);
    const image = { engine: 'openai', model, kind: 'image', operation: 'redesign' };
    expect(sample(text, 'rv_engine_calls_total', { ...image, outcome: 'ok' })).toBe(1);
    // The failing design: its job ran three times, one engine call (with its own retries) each.
    expect(sample(text, 'rv_engine_calls_total', { ...image, outcome: 'failed' })).toBe(3);
    expect(sample(text, 'rv_engine_call_failures_total', image)).toBe(3);
    expect(sample(text, 'rv_engine_call_duration_seconds_count', image)).toBe(4);
    expect(sample(text, 'rv_engine_cost_usd_total', { engine: 'openai', model, kind: 'image' })).toBeGreaterThan(0);
    // The analysis of the done design, by the local vision engine: a call at no cost.
    expect(sample(text, 'rv_engine_calls_total', { engine: 'local', kind: 'vision', operation: 'analyzeDesign', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'rv_engine_cost_usd_total', { engine: 'local', kind: 'vision' })).toBe(0);
  });

  it('counts designs created, done and failed, and credits used and refunded', () => {
    expect(sample(text, 'rv_designs_total', { event: 'created', tool: 'furnishing' })).toBe(2);
    expect(sample(text, 'rv_designs_total', { event: 'done', tool: 'furnishing' })).toBe(1);
    expect(sample(text, 'rv_designs_total', { event: 'failed', tool: 'furnishing' })).toBe(1);
    expect(sample(text, 'rv_credits_total', { event: 'used' })).toBe(2);
    expect(sample(text, 'rv_credits_total', { event: 'refunded' })).toBe(1);
  });

  it('is not served on the public port', async () => {
    const { app } = engine.ctx;
    for (const url of ['/metrics', '/api/metrics', '/metrics?format=text']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body, url).not.toContain('rv_http_requests_total');
    }
  });

  it('answers only its path, and only with the bearer token when one is set', async () => {
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
    const token = 'a-metrics-token-of-32-characters';
    const guarded = await startMetricsServer({
      registry: engine.ctx.app.services.metrics.registry,
      host: '127.0.0.1',
      port: 0,
      token,
      log: engine.ctx.app.log,
    });
    try {
      const url = `http://127.0.0.1:${guarded.port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: { authorization: 'Bearer not-the-token-of-32-characters' } })).status).toBe(401);
      const allowed = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(allowed.status).toBe(200);
      expect(await allowed.text()).toContain('rv_designs_total');
    } finally {
      await guarded.close();
    }
  });
});
