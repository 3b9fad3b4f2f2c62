import type { designTasks, roomDesigns, StoredImage } from '../../db/schema';

type Design = typeof roomDesigns.$inferSelect;
type Task = Pick<typeof designTasks.$inferSelect, 'input' | 'resultKeys'>;

/** A task result's thumbnail is stored beside it (jobs/design-task-job.ts). */
export const resultThumbKey = (key: string) => key.replace(/\.webp$/, '-thumb.webp');

/**
 * Every file a design owns: its uploads, its results (full and thumbnail), the results manifest, and
 * its refinements' tweak photos and outputs with their thumbnails (pending or used by a task). Deleting a
 * design and deleting an account both remove exactly these.
 */
export function designFiles(design: Design, tasks: Task[]): string[] {
  const images: StoredImage[] = [design.original, ...design.references, ...design.generated, ...design.refined];
  const taskFiles = tasks.flatMap((task) => [
    ...(task.input.tweakKeys ?? []),
    ...task.resultKeys.flatMap((key) => [key, resultThumbKey(key)]),
  ]);
  const files = [
    ...images.flatMap((image) => [image.key, image.thumbKey]),
    `designs/${design.id}/results.json`,
    ...design.pendingTweakKeys,
  ];
  return [...new Set([...files, ...taskFiles])];
}
