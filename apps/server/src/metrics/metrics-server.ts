import { timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Registry } from 'prom-client';

export const METRICS_PATH = '/metrics';

export interface MetricsServer {
  /** The port it listens on (the one asked for, or the one given for port 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * The metrics listener: GET /metrics in Prometheus's text format, on its own port and address
 * (METRICS_PORT, METRICS_HOST: loopback by default), never on the public port. With a token, a scrape
 * without `Authorization: Bearer <token>` answers 401. Anything else answers 404.
 */
export async function startMetricsServer(options: {
  registry: Registry;
  host: string;
  port: number;
  token?: string;
  log: Logger;
}): Promise<MetricsServer> {
  const { registry, token, log } = options;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://metrics');
    if (request.method !== 'GET' || url.pathname !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (token && !bearerMatches(request.headers.authorization, token)) {
      response.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('Unauthorized\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        log.error({ err: error }, 'metrics scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  log.info(`Metrics are served on http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}${METRICS_PATH}`);
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.match(/^Bearer (.+)$/i)?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The process's metrics listener when METRICS_PORT is set (web processes and workers alike), else null. */
export async function startConfiguredMetricsServer(
  config: { METRICS_PORT?: number | undefined; METRICS_HOST: string; METRICS_TOKEN?: string | undefined },
  registry: Registry,
  log: Logger,
): Promise<MetricsServer | null> {
  if (config.METRICS_PORT === undefined) return null;
  return startMetricsServer({ registry, host: config.METRICS_HOST, port: config.METRICS_PORT, token: config.METRICS_TOKEN, log });
}
