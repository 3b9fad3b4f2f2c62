import type { FastifyBaseLogger as Logger } from 'fastify';

/**
 * SIGTERM and SIGINT stop the process within `deadlineMs` (SHUTDOWN_DEADLINE_MS, ADR 066): `stop` runs
 * (requests in flight finish, streams end with a retry hint, running jobs are given back) and the process
 * exits 0 when it is done; whatever still hangs at the deadline (a request that never ends, a job that
 * ignores its signal) is cut off with exit 1, so an orchestrator never has to kill it.
 */
export function stopOnSignals(deadlineMs: number, log: Pick<Logger, 'info' | 'error'>, stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, deadlineMs }, 'stopping');
    setTimeout(() => {
      log.error({ deadlineMs }, 'still stopping at the deadline: cut off');
      process.exit(1);
    }, deadlineMs).unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'the stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
