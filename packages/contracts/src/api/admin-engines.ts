import { z } from 'zod';
import { engineKinds, engineNames } from '../domain';

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
   * The last engine check of this server process (at production start): whether the provider's own list
   * has the model, the service's answer and the listed models of the same kind when it does not, and the
   * warnings (a deprecation with its date, a model no table knows). Null before a check ran.
   */
  modelCheck: z
    .object({
      at: z.string(),
      ok: z.boolean(),
      said: z.string().nullable(),
      suggestions: z.array(z.string()),
      warnings: z.array(z.string()),
    })
    .nullable(),
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
