import pino from 'pino';
import { exitOnConfigError, loadConfigOrExit } from '../config/load-config-or-exit';
import { closeServices, createServices, startQueues } from '../composition-root';
import { startConfiguredMetricsServer } from '../metrics/metrics-server';
import { stopOnSignals } from './shut-down';

/** `npm run worker`: a process that only works jobs (scale out by running more of them). */
const config = loadConfigOrExit();
const log = pino({ level: config.LOG_LEVEL, name: 'worker', hooks: { streamWrite: config.redactSecrets } });
const services = await exitOnConfigError(() => createServices(config, log));
await startQueues(services, { work: true, pollingIntervalSeconds: 2 });
log.info({ database: services.database.kind }, 'worker started');
// The worker's own series (engine calls, designs done and failed, queues) on its own METRICS_PORT.
const metricsServer = await startConfiguredMetricsServer(config, services.metrics.registry, log);
stopOnSignals(config.SHUTDOWN_DEADLINE_MS, log, async () => {
  await metricsServer?.close();
  await closeServices(services);
});
