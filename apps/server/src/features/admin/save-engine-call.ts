import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { engineCalls } from '../../db/schema';
import { estimateCostUsd } from '../../engines/engine-prices';
import { EngineError } from '../../engines/image-engine';
import type { EngineCallRecord } from '../../engines/record-engine-calls';

/**
 * Keeps one engine call for the admin dashboard, with its estimated cost; a failure is also logged
 * with the service's own words (the cause), which users never see.
 */
export async function saveEngineCall(db: Db, log: Logger, config: Config, record: EngineCallRecord): Promise<void> {
  const { choice, failure } = record;
  const error = failure === undefined ? null : failure instanceof EngineError ? failure.message : 'The engine call failed unexpectedly.';
  const cause =
    failure === undefined
      ? null
      : failure instanceof EngineError
        ? (failure.detail ?? failure.message)
        : failure instanceof Error
          ? failure.message
          : String(failure);
  if (failure !== undefined)
    log.warn(
      { engine: choice.engine, model: choice.model, operation: record.operation, designId: record.owner.designId, cause },
      'engine call failed',
    );
  await db.insert(engineCalls).values({
    id: randomUUID(),
    kind: choice.kind,
    engine: choice.engine,
    model: choice.model,
    operation: record.operation,
    designId: record.owner.designId ?? null,
    userId: record.owner.userId ?? null,
    ok: failure === undefined,
    error,
    cause,
    status: failure instanceof EngineError ? (failure.status ?? null) : null,
    latencyMs: record.latencyMs,
    inputTokens: record.usage.inputTokens,
    outputTokens: record.usage.outputTokens,
    images: record.usage.images,
    estimatedCostUsd: estimateCostUsd(choice.model, record.usage, config.ENGINE_PRICES),
  });
}
