import pino from 'pino';
import { exitOnConfigError, loadConfigOrExit } from '../config/load-config-or-exit';
import { closeServices, createServices, startQueues } from '../composition-root';
import { chooseLogFormat, prettyLogStream } from '../lib/log-format';
import { startConfiguredMetricsServer } from '../metrics/metrics-server';
import { stopOnSignals } from './shut-down';
import { startConfiguredTracing } from '../lib/tracing';

/** `npm run worker`: a process that only works jobs (scale out by running more of them). */
const config = loadConfigOrExit();
// Its jobs' spans join the traces of the requests that sent them (ADR 059); none unless configured.
const tracing = await startConfiguredTracing(config);
const terminal = Boolean(process.stdout.isTTY);
const log = pino(
  { level: config.LOG_LEVEL, name: 'worker', hooks: { streamWrite: config.redactSecrets } },
  chooseLogFormat(config.LOG_FORMAT, terminal) === 'pretty' ? prettyLogStream(process.stdout, { colours: terminal }) : process.stdout,
);
const services = await exitOnConfigError(() => createServices(config, log));
await startQueues(services, { work: true, pollingIntervalSeconds: 2 });
log.info({ database: services.database.kind }, 'worker started');
// The worker's own series (engine calls, designs done and failed, queues) on its own METRICS_PORT.
const metricsServer = await startConfiguredMetricsServer(config, services.metrics.registry, log);
stopOnSignals(config.SHUTDOWN_DEADLINE_MS, log, async () => {
  await metricsServer?.close();
  await closeServices(services);
  await tracing?.shutdown();
});
