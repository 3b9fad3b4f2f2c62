import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One queue as a scrape reads it from pg-boss's tables (jobs/queue-stats.ts). */
export interface QueueStat {
  queue: string;
  /** Jobs waiting to be worked (created, or waiting for a retry). */
  waiting: number;
  /** Jobs a worker is working now. */
  active: number;
  /** Age of the oldest waiting job, 0 when none waits. */
  oldestWaitingSeconds: number;
}

export type DesignEvent = 'created' | 'done' | 'failed';
export type CreditEvent = 'used' | 'refunded';

/** One finished engine call, as the metrics count it. */
export interface EngineCallObservation {
  engine: string;
  model: string;
  kind: string;
  operation: string;
  ok: boolean;
  seconds: number;
  costUsd: number;
}

/**
 * This process's Prometheus series (prom-client), in a registry of its own (each app a test builds has
 * its own). Labels are bounded: the route is the matched pattern (`/api/designs/:id`), never the URL; the
 * model is a configured name; the queue, tool and event are the product's own lists.
 */
export interface Metrics {
  registry: Registry;
  observeRequest(request: { method: string; route: string; status: number; seconds: number }): void;
  observeEngineCall(call: EngineCallObservation): void;
  countDesign(event: DesignEvent, tool: string): void;
  countCredit(event: CreditEvent): void;
}

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];
const ENGINE_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300];

export function createMetrics(options: { readQueues: () => Promise<QueueStat[]>; onScrapeError: (error: unknown) => void }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'rv_' });

  const requests = new Counter({
    name: 'rv_http_requests_total',
    help: 'HTTP requests answered, by method, matched route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'rv_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, matched route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });

  // Read from pg-boss's tables at each scrape, once for both gauges (a scrape collects them together):
  // the same figures from every process on one database.
  let reading: Promise<QueueStat[]> | undefined;
  const readQueues = () =>
    (reading ??= options
      .readQueues()
      .catch((error: unknown) => {
        options.onScrapeError(error);
        return [];
      })
      .finally(() => (reading = undefined)));
  new Gauge({
    name: 'rv_queue_jobs',
    help: 'Jobs in each pg-boss queue: waiting (created or to be retried) and active (being worked).',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      const queues = await readQueues();
      this.reset();
      for (const stat of queues) {
        this.set({ queue: stat.queue, state: 'waiting' }, stat.waiting);
        this.set({ queue: stat.queue, state: 'active' }, stat.active);
      }
    },
  });
  new Gauge({
    name: 'rv_queue_oldest_waiting_job_age_seconds',
    help: 'Age of the oldest job waiting in each pg-boss queue (0 when none waits).',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const queues = await readQueues();
      this.reset();
      for (const stat of queues) this.set({ queue: stat.queue }, stat.oldestWaitingSeconds);
    },
  });

  const engineLabels = ['engine', 'model', 'kind', 'operation'] as const;
  const engineCalls = new Counter({
    name: 'rv_engine_calls_total',
    help: 'Calls to the image and vision engines, by engine, model, kind, operation and outcome (ok, failed).',
    labelNames: [...engineLabels, 'outcome'] as const,
    registers: [registry],
  });
  const engineFailures = new Counter({
    name: 'rv_engine_call_failures_total',
    help: 'Engine calls that failed (after the adapter’s own retries), by engine, model, kind and operation.',
    labelNames: engineLabels,
    registers: [registry],
  });
  const engineSeconds = new Histogram({
    name: 'rv_engine_call_duration_seconds',
    help: 'Time of an engine call, its retries included, by engine, model, kind and operation.',
    labelNames: engineLabels,
    buckets: ENGINE_BUCKETS,
    registers: [registry],
  });
  const engineCost = new Counter({
    name: 'rv_engine_cost_usd_total',
    help: 'Estimated cost of the engine calls in US dollars (engines/engine-prices.ts), by engine, model and kind.',
    labelNames: ['engine', 'model', 'kind'] as const,
    registers: [registry],
  });
  const designs = new Counter({
    name: 'rv_designs_total',
    help: 'Designs created, done and failed, by tool.',
    labelNames: ['event', 'tool'] as const,
    registers: [registry],
  });
  const credits = new Counter({
    name: 'rv_credits_total',
    help: 'Design credits (room transformations) used and refunded.',
    labelNames: ['event'] as const,
    registers: [registry],
  });

  return {
    registry,
    observeRequest({ method, route, status, seconds }) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      requestSeconds.observe(labels, seconds);
    },
    observeEngineCall(call) {
      const labels = { engine: call.engine, model: call.model, kind: call.kind, operation: call.operation };
      engineCalls.inc({ ...labels, outcome: call.ok ? 'ok' : 'failed' });
      if (!call.ok) engineFailures.inc(labels);
      engineSeconds.observe(labels, call.seconds);
      engineCost.inc({ engine: call.engine, model: call.model, kind: call.kind }, call.costUsd);
    },
    countDesign(event, tool) {
      designs.inc({ event, tool });
    },
    countCredit(event) {
      credits.inc({ event });
    },
  };
}
