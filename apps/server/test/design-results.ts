import type { Db } from '../src/db/client';
import type { DesignImageRow } from '../src/db/schema';
import { loadDesignImages } from '../src/features/designs/load-design-images';

/** A design's result rows in the results page's order; `generated` are the generated and fixed ones (the spec's generatedImageUrls). */
export async function designResults(
  db: Db,
  designId: string,
): Promise<{ all: DesignImageRow[]; generated: DesignImageRow[]; refined: DesignImageRow[] }> {
  const all = (await loadDesignImages(db, [designId])).get(designId) ?? [];
  return { all, generated: all.filter((image) => image.kind !== 'refined'), refined: all.filter((image) => image.kind === 'refined') };
}
