import { z } from 'zod';
import { engineKinds, engineNames } from '../domain';

/** What one engine's check found (ADR 036): the provider's list, and with `realCall` the smallest real call. */
export const engineCheckResult = z.object({
  at: z.string(),
  /** True when the smallest real call was made (or refused before it); false when only the list was read. */
  realCall: z.boolean(),
  ok: z.boolean(),
  latencyMs: z.number().int().min(0),
  /** The size of the image the real call returned. */
  imageSize: z.object({ width: z.number().int(), height: z.number().int() }).nullable(),
  said: z.string().nullable(),
  suggestions: z.array(z.string()),
  warnings: z.array(z.string()),
});

/** One configured engine, its model and the last time one of its calls failed. */
export const engineStatusRow = z.object({
  kind: z.enum(engineKinds),
  engine: z.enum(engineNames),
  model: z.string(),
  via: z.string(),
  lastFailure: z
    .object({
      at: z.string(),
      model: z.string(),
      operation: z.string(),
      /** What the user was told. */
      error: z.string().nullable(),
      /** The service's own words, for the operator. */
      cause: z.string().nullable(),
    })
    .nullable(),
  /**
   * The last engine check of this server process: at start the provider's own list only (`realCall`
   * false, free), or the admin's real check (the smallest real call, paid). Whether the list has the
   * model, the service's answer and the listed models of the same kind when it does not, and the warnings
   * (a deprecation with its date, a model no table knows). Null before a check ran.
   */
  modelCheck: engineCheckResult.nullable(),
  /** The provider's deprecation of the model as the server's model table records it, with its dates. */
  deprecation: z.string().nullable(),
});

/** What one subscriber's designs cost this month next to what they pay. */
export const subscriberCostRow = z.object({
  email: z.string(),
  designs: z.number().int(),
  costUsd: z.number(),
  paysUsd: z.number(),
});

/** GET /api/admin/engines: the engines in use and what the designs cost (admins only). */
export const engineStatusAnswer = z.object({
  engines: z.array(engineStatusRow),
  last24h: z.object({ designs: z.number().int(), failed: z.number().int(), failedShare: z.number() }),
  month: z.object({
    since: z.string(),
    designs: z.number().int(),
    costUsd: z.number(),
    costPerDesignUsd: z.number(),
    /** The subscribers who cost the most, most expensive first (at most 20). */
    subscribers: z.array(subscriberCostRow),
  }),
});
export type EngineStatusAnswer = z.infer<typeof engineStatusAnswer>;

/** POST /api/admin/engines/check: the smallest real call to each configured engine, after its provider's list (admins only; paid). */
export const engineCheckAnswer = z.object({
  engines: z.array(
    z.object({
      kind: z.enum(engineKinds),
      engine: z.enum(engineNames),
      model: z.string(),
      via: z.string(),
      check: engineCheckResult,
    }),
  ),
});
export type EngineCheckAnswer = z.infer<typeof engineCheckAnswer>;
