import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateDesignBody } from '@rv/contracts/api/designs';
import type { Db } from '../../../db/client';
import { designImages, roomDesigns, type DesignImageRow } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { loadDesignImages } from '../load-design-images';

type MapsBody = z.infer<typeof updateDesignBody>;

/**
 * The spec's PATCH /api/room-designs/update/{id}: whole position-keyed maps and the save list, as the
 * browser last saw them. They are applied as changes to single images, never as a new set of maps:
 * - an image the body names in a map takes that image's name, room type and notes from the maps (a key
 *   left out clears that field) and its saved flag from the list;
 * - an image the body does not name in any map keeps its name, room type and notes, and can only be
 *   saved (true in the list), never unsaved: a tab that did not see another tab's edit cannot undo it;
 * - of those, only fields whose value differs from the stored one are written, each image by its id.
 * The design row is locked meanwhile, so positions cannot move under the call (a delete, a refinement).
 */
export async function updateDesignMaps(db: Db, designId: string, body: MapsBody): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: roomDesigns.id }).from(roomDesigns).where(eq(roomDesigns.id, designId)).for('update');
    const images = (await loadDesignImages(tx, [designId])).get(designId) ?? [];
    if (body.refinedSaveStatusList.length !== images.length)
      throw new AppError('BAD_REQUEST', 'The save list does not match the images of this design.');
    const validIndex = (key: string) => /^\d+$/.test(key) && Number(key) < images.length;
    for (const map of [body.notesMap, body.projectNameMap, body.roomTypeMap]) {
      if (!Object.keys(map).every(validIndex))
        throw new AppError('BAD_REQUEST', 'A name, room type or note points at an image this design does not have.');
    }
    for (const [position, image] of images.entries()) {
      const key = String(position);
      const named = [body.projectNameMap, body.roomTypeMap, body.notesMap].some((map) => key in map);
      const wanted: Partial<Pick<DesignImageRow, 'saved' | 'name' | 'roomType' | 'notes'>> = named
        ? {
            saved: body.refinedSaveStatusList[position]!,
            name: body.projectNameMap[key] ?? null,
            roomType: body.roomTypeMap[key] ?? null,
            notes: body.notesMap[key] ?? null,
          }
        : body.refinedSaveStatusList[position]
          ? { saved: true }
          : {};
      const changed = <T>(want: T | undefined, have: T) => (want !== undefined && want !== have ? want : undefined);
      const changes = {
        saved: changed(wanted.saved, image.saved),
        name: changed(wanted.name, image.name),
        roomType: changed(wanted.roomType, image.roomType),
        notes: changed(wanted.notes, image.notes),
      };
      if (Object.values(changes).some((value) => value !== undefined))
        await tx.update(designImages).set(changes).where(eq(designImages.id, image.id));
    }
  });
}
