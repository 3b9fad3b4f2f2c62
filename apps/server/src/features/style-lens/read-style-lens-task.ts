import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { styleLensAnalyzeAnswer } from '@rv/contracts/api/style-lens';
import { fileUrl } from '@rv/contracts/files';
import type { StoredStyleLens } from '../../db/row-types';
import type { Db } from '../../db/client';
import { styleLensTasks } from '../../db/schema';

/** A StyleLens analysis as its job last wrote it (undefined once gone). */
export async function readStyleLensTask(db: Db, taskId: string) {
  const [task] = await db.select().from(styleLensTasks).where(eq(styleLensTasks.id, taskId));
  return task;
}

/** A StyleLens analysis of the caller's own, by its id; undefined when there is none or it is another account's. */
export async function readOwnStyleLensTask(db: Db, input: { userId: string; taskId: string }) {
  const [task] = await db
    .select()
    .from(styleLensTasks)
    .where(and(eq(styleLensTasks.id, input.taskId), eq(styleLensTasks.userId, input.userId)));
  return task;
}

type StyleLensAnalyzeAnswer = z.infer<typeof styleLensAnalyzeAnswer>;

/** A lens an analysis made, as the spec's analyze answers it (and our stream's `complete` event). */
export function styleLensAnswer(lens: StoredStyleLens): StyleLensAnalyzeAnswer {
  const { essence, palette, materials, forms, note } = lens.human_summary;
  return { lens: lens.stylelens, summary: { essence, palette, materials, forms, note }, stylePhotosStorageUrls: lens.photoKeys.map(fileUrl) };
}
