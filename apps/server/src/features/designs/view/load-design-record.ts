import type { Db } from '../../../db/client';
import type { DesignRow } from '../../../db/schema';
import { toDesignRecord } from './design-record';
import { loadDesignImages } from '../images/load-design-images';

/** The spec's design record of one design row, with its result images read from their rows. */
export async function loadDesignRecord(db: Pick<Db, 'select'>, design: DesignRow) {
  const images = await loadDesignImages(db, [design.id]);
  return toDesignRecord(design, images.get(design.id) ?? []);
}
