import type { ZipArchive } from 'archiver';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../../auth/session-guard';
import { roomDesigns } from '../../../db/schema';
import { inArray } from 'drizzle-orm';
import type { Services } from '../../../services';
import { streamZip } from '../../../storage/stream-zip';
import { loadDesignImages } from '../load-design-images';
import { findVisibleHome } from './homes';

/** A name safe in a ZIP path: "2-dining-room". */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'room';

/**
 * A home as one ZIP (issue 49), for whoever may see it (its owner, or anyone once it is shared): a folder
 * per room, in the home's order, with the room's photos and its results, what the home's page shows. Files
 * are read from storage one at a time while the archive streams (storage/stream-zip.ts, as the account's
 * export); a failure ends the stream and is logged.
 */
export async function streamHomeZip(
  services: Services,
  input: { homeId: string; viewer: UserRow | null },
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
): Promise<{ archive: ZipArchive; filename: string }> {
  const { db } = services.database;
  const { home } = await findVisibleHome(db, input.homeId, input.viewer);
  const designs = home.rooms.length
    ? await db
        .select()
        .from(roomDesigns)
        .where(
          inArray(
            roomDesigns.id,
            home.rooms.map((room) => room.designId),
          ),
        )
    : [];
  const images = await loadDesignImages(
    db,
    designs.map((design) => design.id),
  );
  const files = home.rooms.flatMap((room, index) => {
    const design = designs.find((row) => row.id === room.designId);
    if (!design) return [];
    const folder = `${String(index + 1).padStart(2, '0')}-${slug(room.roomWords)}`;
    return [
      ...[design.original, ...design.morePhotos].map((photo, n) => ({ key: photo.key, path: `${folder}/room-photo-${n + 1}.webp` })),
      ...(images.get(design.id) ?? []).map((image, n) => ({ key: image.key, path: `${folder}/result-${n + 1}.webp` })),
    ];
  });
  const archive = await streamZip(
    services.storage,
    files.map((file) => ({ name: file.path, key: file.key })),
    {
      missing: (names) => log.warn({ homeId: input.homeId, missing: names.length }, 'files of a home were not in storage'),
      failed: (error) => log.error({ err: error, homeId: input.homeId }, 'a home download failed while streaming'),
    },
  );
  return { archive, filename: `${slug(home.name ?? 'home')}.zip` };
}
