import { buildApp } from './app';
import { loadConfigOrExit } from './config/load-config-or-exit';

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
