import { z } from 'zod';
import { refineScopes, type DesignTaskKind } from './domain';

/**
 * What a design task (a refinement or a Fix Room run) works from, one shape per kind: the
 * `design_tasks.input` JSON column holds it (its `kind` equals the row's `kind` column, which a check
 * constraint keeps so), the operations that start a task write it, and the job reads it back through
 * `designTaskInput`, so nothing stands in for a field a kind always has.
 */

/** Tweak or Transform: the person's words, the scope, the image it starts from, their photos, and for 'Change only here' the painted area. */
export const refineTaskInput = z.object({
  kind: z.literal('refine'),
  tweakText: z.string(),
  scope: z.enum(refineScopes),
  /** The result image it starts from; absent when the browser named none of the design's (the job takes the design's first). */
  baseKey: z.string().optional(),
  tweakKeys: z.array(z.string()),
  /** 'Change only here': the painted area (a mask PNG of the base image's size); only it changes. */
  maskKey: z.string().optional(),
});
export type RefineTaskInput = z.infer<typeof refineTaskInput>;

/** Fix Room: the drifted image whose room architecture is restored. */
export const fixTaskInput = z.object({
  kind: z.literal('fix'),
  baseKey: z.string(),
});
export type FixTaskInput = z.infer<typeof fixTaskInput>;

export const designTaskInput = z.discriminatedUnion('kind', [refineTaskInput, fixTaskInput]);
export type DesignTaskInput = z.infer<typeof designTaskInput>;

/** Every kind of task has its input shape, and no shape names a kind the vocabulary lacks. */
type SameKinds<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const everyTaskKindHasAnInput: SameKinds<DesignTaskInput['kind'], DesignTaskKind> = true;

/** The stored files a task's input names besides the image it starts from: a refinement's photos and painted area. */
export function taskInputFiles(input: DesignTaskInput): string[] {
  return input.kind === 'refine' ? [...input.tweakKeys, ...(input.maskKey ? [input.maskKey] : [])] : [];
}
