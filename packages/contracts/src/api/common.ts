import { z } from 'zod';

/** The body of every error answer: a message for people, a code for programs, issues for validation. */
export const errorBody = z.object({
  error: z.string(),
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });

export const designIdParam = z.object({ id: z.string().min(1).max(64) });

export const paginationInfo = z.object({
  updatedPage: z.number().int(),
  hasPreviousPage: z.boolean(),
  hasNextPage: z.boolean(),
  lastPage: z.number().int(),
});

export const healthBody = z.object({ status: z.literal('ok'), database: z.literal('ok'), uptimeSeconds: z.number() });
/** Readiness: whether this process can take traffic (its database and its job queue answer). */
const reachable = z.enum(['ok', 'unreachable']);
export const readyBody = z.object({ status: z.enum(['ready', 'unavailable']), database: reachable, queue: reachable });
