import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { engineCalls } from '../../db/schema';
import { estimateCostUsd } from '../../engines/engine-prices';
import { EngineError } from '../../engines/image-engine';
import type { EngineCallRecord } from '../../engines/record-engine-calls';
import { redactKeys } from '../../engines/remote/service-errors';

/** What the log says when a call failed on the operator's set-up (ADR 034): an alert, at error level. */
export const ENGINE_CONFIGURATION_ALERT =
  'engine configuration error: the service will not serve this key or project (check the API key, billing, the region and the model); calls stop, users are refunded';

/**
 * Keeps one engine call for the admin dashboard, with its estimated cost; a failure is also logged
 * with the service's own words (the cause, key fragments taken out), which users never see. A
 * configuration error (a bad key, billing, an unsupported region) is logged at error level, for the operator.
 */
export async function saveEngineCall(db: Db, log: Logger, config: Config, record: EngineCallRecord): Promise<void> {
  const { choice, failure } = record;
  const error = failure === undefined ? null : failure instanceof EngineError ? failure.message : 'The engine call failed unexpectedly.';
  const cause =
    failure === undefined
      ? null
      : config.redactSecrets(
          redactKeys(
            failure instanceof EngineError
              ? (failure.detail ?? failure.message)
              : failure instanceof Error
                ? failure.message
                : String(failure),
          ),
        );
  if (failure !== undefined) {
    const fields = { engine: choice.engine, model: choice.model, operation: record.operation, designId: record.owner.designId, cause };
    if (failure instanceof EngineError && failure.kind === 'configuration')
      log.error({ ...fields, status: failure.status }, ENGINE_CONFIGURATION_ALERT);
    else log.warn(fields, 'engine call failed');
  }
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
