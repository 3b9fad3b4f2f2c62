import path from 'node:path';
import { buildApp } from '../app';
import { exitOnConfigError, loadConfigOrExit } from '../config/load-config-or-exit';
import { checkEngineLists, formatEngineChecks } from '../engines/check-engines';
import { startConfiguredTracing } from '../lib/tracing';
import { chooseLogFormat, prettyLogStream } from '../lib/log-format';
import { setImageSlots } from '../uploads/image-slots';
import { serveOperatorChannel } from './operator-channel';
import { runOperatorCommand } from './operator-commands';
import { stopOnSignals } from './shut-down';
import { startBanner } from './start-banner';

/** `npm start`: the web server, working jobs in the same process (the embedded default). */
const config = loadConfigOrExit();
// Before anything makes a span: traces over OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set, none otherwise (ADR 059).
const tracing = await startConfiguredTracing(config);
// A web process whose jobs go to workers does no image work but reading uploads (ADR 047).
if (config.ROLE === 'web') setImageSlots(1);
// A person at a terminal reads one short line per entry; anything else (a collector, a file) gets JSON.
const terminal = Boolean(process.stdout.isTTY);
const pretty = chooseLogFormat(config.LOG_FORMAT, terminal) === 'pretty';
const logStream = pretty ? prettyLogStream(process.stdout, { colours: terminal }) : undefined;
const app = await exitOnConfigError(() => buildApp(config, { role: config.ROLE, ...(logStream ? { logStream } : {}) }));
// On the embedded database this process alone may open, the operator's commands are run here (ADR 053).
const operatorChannel =
  app.services.database.kind === 'pglite'
    ? await serveOperatorChannel(config.DATA_DIR, ({ command, args }) => {
        app.log.info({ command, args }, 'operator command (npm run %s)', command);
        return runOperatorCommand(app.services, command, args);
      }).catch((error: unknown) => {
        app.log.warn(
          `No operator channel (${error instanceof Error ? error.message : String(error)}): npm run admin, payments and storage refuse while this server runs.`,
        );
        return undefined;
      })
    : undefined;
stopOnSignals(config.SHUTDOWN_DEADLINE_MS, app.log, async () => {
  await operatorChannel?.close();
  await app.close();
  await tracing?.shutdown();
});
if (pretty) {
  // For the person who ran it, the banner is the first thing after the build's lines: the address, the
  // stand-ins in use and where their output goes. The log lines that say where it listens (Fastify's, one per
  // address, and ours) say it again, before it: they are for logs a machine reads, and left out here.
  const level = app.log.level;
  app.log.level = 'warn';
  await app.listen({ port: config.PORT, host: config.HOST }).finally(() => (app.log.level = level));
  process.stdout.write(startBanner(config, { colours: terminal, root: path.resolve(import.meta.dirname, '../../..') }));
} else {
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Room Visualizer is serving on ${config.PUBLIC_URL}`);
}

// In production, once at start: each provider's own list of models, and nothing else (a list is free; a
// model call is paid, and a crash loop would pay at every turn). An unlisted or retired model, a
// deprecation or a bad key shows in the log and the admin's Engines panel before a customer meets it; the
// real smallest call is `npm run engines -- check` or the panel's button (the server serves either way;
// ADR 021, ADR 036).
if (config.isProduction && (config.IMAGE_ENGINE !== 'local' || config.VISION_ENGINE !== 'local')) {
  void checkEngineLists(config).then((checks) => {
    app.services.engineChecks.remember(checks);
    const report = formatEngineChecks(checks);
    if (checks.every((check) => check.ok && !check.warnings.length)) app.log.info(`Engine model lists checked:\n${report}`);
    else if (checks.every((check) => check.ok)) app.log.warn(`Engine model lists checked, with warnings:\n${report}`);
    else app.log.warn(`Engine check FAILED: designs will fail until this is fixed (see docs/deploy.md, 'Engines').\n${report}`);
  });
}
