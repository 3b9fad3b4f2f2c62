import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { EngineStatusAnswer } from '@rv/contracts/api/admin-engines';
import { PLAN } from '@rv/contracts/constants';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { engineCalls, roomDesigns, users } from '../../db/schema';
import { configuredEngines } from '../../engines/engine-choice';
import { deprecationNote } from '../../engines/engine-models';
import type { EngineCheckMemory } from '../../engines/engine-check-memory';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The admin's view of the engines: which are in use with which model and the last failure of each kind,
 * the share of designs that failed in the last 24 hours, and this month's estimated cost per design and
 * per subscriber next to the plan's price (subscribers who cost more than they pay come first).
 */
export async function readEngineStatus(db: Db, config: Config, checks: EngineCheckMemory, now = new Date()): Promise<EngineStatusAnswer> {
  const chosen = configuredEngines(config);
  const engines = await Promise.all(
    [chosen.image, chosen.vision].map(async (choice) => {
      const [failure] = await db
        .select()
        .from(engineCalls)
        .where(and(eq(engineCalls.kind, choice.kind), eq(engineCalls.ok, false)))
        .orderBy(desc(engineCalls.createdAt))
        .limit(1);
      return {
        ...choice,
        lastFailure: failure
          ? {
              at: failure.createdAt.toISOString(),
              model: failure.model,
              operation: failure.operation,
              error: failure.error,
              cause: failure.cause,
            }
          : null,
        modelCheck: checks.lastFor(choice.kind, choice.model),
        deprecation: choice.engine === 'local' ? null : deprecationNote(choice.engine, choice.model),
      };
    }),
  );

  const dayAgo = new Date(now.getTime() - DAY_MS);
  const [day] = await db
    .select({
      designs: sql<number>`count(*)::int`,
      failed: sql<number>`(count(*) filter (where ${roomDesigns.status} = 'failed'))::int`,
    })
    .from(roomDesigns)
    .where(gte(roomDesigns.createdAt, dayAgo));

  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [month] = await db
    .select({
      designs: sql<number>`count(distinct ${engineCalls.designId})::int`,
      costUsd: sql<number>`coalesce(sum(${engineCalls.estimatedCostUsd}), 0)::float8`,
    })
    .from(engineCalls)
    .where(gte(engineCalls.createdAt, since));
  const subscribers = await db
    .select({
      email: users.email,
      designs: sql<number>`count(distinct ${engineCalls.designId})::int`,
      costUsd: sql<number>`sum(${engineCalls.estimatedCostUsd})::float8`,
    })
    .from(engineCalls)
    .innerJoin(users, eq(users.id, engineCalls.userId))
    .where(gte(engineCalls.createdAt, since))
    .groupBy(users.email)
    .orderBy(desc(sql`sum(${engineCalls.estimatedCostUsd})`))
    .limit(20);

  const designs = day?.designs ?? 0;
  const failed = day?.failed ?? 0;
  const monthDesigns = month?.designs ?? 0;
  const monthCost = month?.costUsd ?? 0;
  return {
    engines,
    last24h: { designs, failed, failedShare: designs ? failed / designs : 0 },
    month: {
      since: since.toISOString(),
      designs: monthDesigns,
      costUsd: monthCost,
      costPerDesignUsd: monthDesigns ? monthCost / monthDesigns : 0,
      subscribers: subscribers.map((row) => ({ ...row, paysUsd: PLAN.priceUsd })),
    },
  };
}
