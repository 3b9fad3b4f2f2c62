import type { z } from 'zod';
import type { updateDesignBody } from '@rv/contracts/api/designs';
import type { Db } from '../../../db/client';
import type { DesignImageRow } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { changeDesignImages, type ImageChanges } from '../images/change-design-images';

type MapsBody = z.infer<typeof updateDesignBody>;

/**
 * The spec's whole-map update as changes of single images, by id: position i is the design's i-th
 * result in the results page's order (refinements first), as the spec's record lists them.
 * - an image the body names in a map takes that image's name, room type and notes from the maps (a key
 *   left out clears that field) and its saved flag from the list;
 * - an image the body does not name in any map keeps its name, room type and notes, and can only be
 *   saved (true in the list), never unsaved: a tab that did not see another tab's edit cannot undo it.
 */
export function mapsToImageChanges(body: MapsBody, images: DesignImageRow[]): Map<string, ImageChanges> {
  if (body.refinedSaveStatusList.length !== images.length)
    throw new AppError('BAD_REQUEST', 'The save list does not match the images of this design.');
  const validIndex = (key: string) => /^\d+$/.test(key) && Number(key) < images.length;
  for (const map of [body.notesMap, body.projectNameMap, body.roomTypeMap]) {
    if (!Object.keys(map).every(validIndex))
      throw new AppError('BAD_REQUEST', 'A name, room type or note points at an image this design does not have.');
  }
  const changes = new Map<string, ImageChanges>();
  for (const [position, image] of images.entries()) {
    const key = String(position);
    const named = [body.projectNameMap, body.roomTypeMap, body.notesMap].some((map) => key in map);
    if (named)
      changes.set(image.id, {
        saved: body.refinedSaveStatusList[position]!,
        name: body.projectNameMap[key] ?? null,
        roomType: body.roomTypeMap[key] ?? null,
        notes: body.notesMap[key] ?? null,
      });
    else if (body.refinedSaveStatusList[position]) changes.set(image.id, { saved: true });
  }
  return changes;
}

/**
 * The spec's PATCH /api/room-designs/update/{id}: whole position-keyed maps and the save list, as the
 * browser last saw them, applied as changes to single images (changeDesignImages, which holds the design
 * row locked while positions are read and the images written), never as a new set of maps.
 */
export async function updateDesignMaps(db: Db, designId: string, body: MapsBody): Promise<void> {
  await changeDesignImages(db, designId, (images) => mapsToImageChanges(body, images));
}
