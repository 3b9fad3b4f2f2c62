import type { Database } from '../db/client';
import type { QueueStat } from '../metrics/metrics';

/**
 * Every pg-boss queue with its waiting and active jobs and the age of its oldest waiting job, read from
 * pg-boss's own tables (schema `pgboss`) in one query: job states below 'completed' are the live ones.
 */
export async function readQueueStats(database: Pick<Database, 'executeSql'>): Promise<QueueStat[]> {
  const { rows } = await database.executeSql(`
    select q.name as queue,
      count(j.id) filter (where j.state in ('created', 'retry')) as waiting,
      count(j.id) filter (where j.state = 'active') as active,
      coalesce(extract(epoch from now() - min(j.created_on) filter (where j.state in ('created', 'retry'))), 0) as oldest
    from pgboss.queue q
    left join pgboss.job j on j.name = q.name and j.state < 'completed'
    group by q.name
    order by q.name`);
  return (rows as { queue: string; waiting: string | number; active: string | number; oldest: string | number }[]).map((row) => ({
    queue: row.queue,
    waiting: Number(row.waiting),
    active: Number(row.active),
    oldestWaitingSeconds: Math.max(0, Number(row.oldest)),
  }));
}
