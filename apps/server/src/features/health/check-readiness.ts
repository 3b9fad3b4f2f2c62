import type { Services } from '../../services';

export type Reachability = 'ok' | 'unreachable';

/** How long readiness waits for each answer before it calls the service unreachable. */
export const READINESS_TIMEOUT_MS = 2_000;

/**
 * Whether this process can take traffic: the database answers a query and the job queue answers its
 * own (pg-boss reads its queues through its own connection on PostgreSQL). Each is tried at once, with
 * a time limit, and a failure is logged with its cause.
 */
export async function checkReadiness(
  services: Pick<Services, 'database' | 'jobs' | 'log'>,
): Promise<{ database: Reachability; queue: Reachability }> {
  const [database, queue] = await Promise.all([
    reach(services, 'database', () => services.database.ping()),
    reach(services, 'queue', () => services.jobs.getQueues()),
  ]);
  return { database, queue };
}

async function reach(services: Pick<Services, 'log'>, name: string, check: () => Promise<unknown>): Promise<Reachability> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READINESS_TIMEOUT_MS} ms`)), READINESS_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch (error) {
    services.log.warn({ err: error }, `readiness: the ${name} is unreachable`);
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}
