import type { ZipArchive } from 'archiver';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../../auth/session-guard';
import { roomDesigns } from '../../../db/schema';
import { inArray } from 'drizzle-orm';
import type { Services } from '../../../services';
import { readObject } from '../../../storage/read-object';
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
 * are read from storage one at a time while the archive streams; a failure ends the stream and is logged.
 */
export async function streamHomeZip(
  services: Services,
  input: { homeId: string; viewer: UserRow | null },
  log: Pick<FastifyBaseLogger, 'error'>,
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
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ zlib: { level: 6 } });
  void (async () => {
    try {
      for (const file of files) {
        const data = await readObject(services.storage, file.key);
        if (!data) continue;
        await new Promise<void>((resolve, reject) => {
          const onEntry = () => {
            archive.off('error', reject);
            resolve();
          };
          archive.once('entry', onEntry);
          archive.once('error', reject);
          archive.append(data, { name: file.path, store: true });
        });
      }
      await archive.finalize();
    } catch (error) {
      log.error({ err: error, homeId: input.homeId }, 'a home download failed while streaming');
      if (!archive.destroyed) archive.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return { archive, filename: `${slug(home.name ?? 'home')}.zip` };
}
