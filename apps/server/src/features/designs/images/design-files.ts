import { taskInputFiles } from '@rv/contracts/design-task-input';
import { z } from 'zod';
import { storedImageKeys, type DesignImageRow, type DesignRow, type designTasks } from '../../../db/schema';

type Task = Pick<typeof designTasks.$inferSelect, 'id' | 'input' | 'resultKeys'>;

/** The engine's results of a design as first stored (jobs read it back, through this schema, instead of paying the engine again). */
export const resultsManifest = z.object({
  providerRequestId: z.string(),
  /** The image model took fewer images than asked: the look reached it in words only (it takes this many). */
  lookAsWordsOnly: z.number().int().optional(),
  /** What the engine did not do of the request (the local preview engine's notes, issue 51). */
  notes: z.array(z.string()).optional(),
  images: z.array(
    z.object({
      key: z.string(),
      thumbKey: z.string(),
      width: z.number(),
      height: z.number(),
      thumbWidth: z.number().optional(),
      /** Which photo of the room it redesigns (issue 49; absent: the room photo). */
      photo: z.number().int().optional(),
    }),
  ),
});
export type ResultsManifest = z.infer<typeof resultsManifest>;
export const resultsManifestKey = (designId: string) => `designs/${designId}/results.json`;

/** The n-th engine result of a new design (from 1) and its thumbnail: a retried or resumed run stores them under the same keys. */
export const generatedKey = (designId: string, n: number) => `designs/${designId}/generated-${n}.webp`;
export const generatedThumbKey = (designId: string, n: number) => `designs/${designId}/generated-${n}-thumb.webp`;

/**
 * The record that a design's generation, or a task, made its one more paid attempt after an answer
 * without an image (features/designs/one-more-image-try.ts, ADR 034): a retried or resumed job makes no other.
 */
export const noImageRetryKey = (designId: string, taskId?: string) =>
  taskId ? `designs/${designId}/task-${taskId}-no-image.json` : `designs/${designId}/no-image.json`;

/**
 * Every key a design's generation may have stored for `count` results: the results, their thumbnails
 * and the manifest (the record of its one more attempt, ADR 034, stays with the design until it is deleted). Made from the design id alone, so a failed design's are recorded for deletion in
 * the transaction that fails it, without asking the store what it holds (ADR 033).
 */
export function generatedResultKeys(designId: string, count: number): string[] {
  const keys = Array.from({ length: count }, (_, i) => [generatedKey(designId, i + 1), generatedThumbKey(designId, i + 1)]).flat();
  return [...keys, resultsManifestKey(designId)];
}
/** A task result's thumbnail is stored beside it (jobs/design-task-job.ts). */
export const resultThumbKey = (key: string) => key.replace(/\.webp$/, '-thumb.webp');

/**
 * The one template of a refinement's or Fix Room run's stored results: made from the task id, so a resumed
 * run finds what an earlier attempt stored (and never pays the engine twice). `n` counts from 1.
 */
export const taskResultKey = (designId: string, taskId: string, n: number) => `designs/${designId}/task-${taskId}-${n}.webp`;

/**
 * Every file a design owns: its uploads, its results (full and thumbnail), the results manifest, the
 * records of an extra attempt after an answer without an image, and
 * its refinements' tweak photos, painted areas (masks) and outputs with their thumbnails (pending or used by a task). Deleting a
 * design and deleting an account both remove exactly these.
 */
export function designFiles(design: DesignRow, images: Pick<DesignImageRow, 'key' | 'thumbKey'>[], tasks: Task[]): string[] {
  const taskFiles = tasks.flatMap((task) => [
    noImageRetryKey(design.id, task.id),
    ...taskInputFiles(task.input),
    ...task.resultKeys.flatMap((key) => [key, resultThumbKey(key)]),
  ]);
  const files = [
    ...[design.original, ...design.morePhotos, ...design.references].flatMap(storedImageKeys),
    ...images.flatMap((image) => [image.key, image.thumbKey]),
    resultsManifestKey(design.id),
    noImageRetryKey(design.id),
    // A room given as several photos records one more try per photo (ADR 065).
    ...[design.original, ...design.morePhotos].map((_, index) => noImageRetryKey(design.id, `photo-${index + 1}`)),
    ...design.pendingTweakKeys,
    ...design.pendingMaskKeys,
  ];
  return [...new Set([...files, ...taskFiles])];
}
