import type { Db } from '../../../db/client';
import type { DesignRow } from '../../../db/schema';
import { loadDesignImages } from '../load-design-images';
import { toDesignView, type DesignViewer } from './design-view';

/** The design view of one design row, its result images read from their rows, as `viewer` reads it. */
export async function loadDesignView(db: Pick<Db, 'select'>, design: DesignRow, viewer: DesignViewer = 'owner') {
  const images = await loadDesignImages(db, [design.id]);
  return toDesignView(design, images.get(design.id) ?? [], viewer);
}
