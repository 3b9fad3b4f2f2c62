import { buildApp } from './app';
import { loadConfigOrExit } from './config/load-config-or-exit';
import { checkEngines, formatEngineChecks } from './engines/check-engines';
import { rememberEngineChecks } from './engines/last-engine-check';

/** `npm start`: the web server, working jobs in the same process (the embedded default). */
const config = loadConfigOrExit();
const app = await buildApp(config, { role: config.ROLE });
const close = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`Room Visualizer is serving on ${config.PUBLIC_URL}`);

// In production, once at start: each provider's own list of models, then the smallest real call to each
// hosted engine. An unlisted or retired model, a deprecation or a bad key shows in the log and the admin
// view before a customer meets it (the server serves either way; ADR 021).
if (config.isProduction && (config.IMAGE_ENGINE !== 'local' || config.VISION_ENGINE !== 'local')) {
  void checkEngines(config).then((checks) => {
    rememberEngineChecks(checks);
    const report = formatEngineChecks(checks);
    if (checks.every((check) => check.ok && !check.warnings.length)) app.log.info(`Engine check passed:\n${report}`);
    else if (checks.every((check) => check.ok)) app.log.warn(`Engine check passed with warnings:\n${report}`);
    else app.log.warn(`Engine check FAILED: designs will fail until this is fixed (see docs/deploy.md, 'Engines').\n${report}`);
  });
}
