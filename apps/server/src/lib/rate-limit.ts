import { sql } from 'drizzle-orm';
import { messages } from '@rv/contracts/messages';
import type { Db } from '../db/client';
import { AppError } from './app-error';

/**
 * A fixed-window counter in the database (shared by every web process): one atomic upsert per hit.
 * Throws 429 when the key has been hit more than `max` times in the window.
 */
export async function hitRateLimit(db: Db, key: string, max: number, windowMs: number): Promise<void> {
  const now = Date.now();
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limits (id, key, count, last_request) values (${key}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.last_request < ${now - windowMs} then 1 else rate_limits.count + 1 end,
      last_request = case when rate_limits.last_request < ${now - windowMs} then ${now} else rate_limits.last_request end
    returning count`);
  const count = Number((result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);
  if (count > max) throw new AppError('TOO_MANY_REQUESTS', messages.server.tooManyRequests);
}
