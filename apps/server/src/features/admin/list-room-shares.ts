import { count, desc, eq } from 'drizzle-orm';
import type { RoomShareRow } from '@rv/contracts/api/admin';
import type { Db } from '../../db/client';
import { roomDesigns, roomShares, users } from '../../db/schema';
import { loadDesignImages } from '../designs';
import { adminFileUrl } from './admin-file-url';
import { answerList, emailContains, type AdminListOptions } from './admin-list';

/** Designs shared with the gallery, newest first: the original and the results (refined first), and the comment. */
export async function listRoomShares(db: Db, options: AdminListOptions) {
  const where = emailContains(users.email, options.q);
  return answerList<RoomShareRow>(options, {
    count: async () =>
      (await db.select({ n: count() }).from(roomShares).innerJoin(users, eq(users.id, roomShares.userId)).where(where))[0]?.n ?? 0,
    rows: async (range) => {
      const query = db
        .select({ share: roomShares, email: users.email, design: roomDesigns })
        .from(roomShares)
        .innerJoin(users, eq(users.id, roomShares.userId))
        .innerJoin(roomDesigns, eq(roomDesigns.id, roomShares.roomDesignId))
        .where(where)
        .orderBy(desc(roomShares.createdAt), desc(roomShares.id))
        .$dynamic();
      const rows = await (range ? query.limit(range.limit).offset(range.offset) : query);
      const images = await loadDesignImages(
        db,
        rows.map((row) => row.design.id),
      );
      return rows.map(({ share, email, design }) => {
        const results = images.get(design.id) ?? [];
        return {
          id: share.id,
          email,
          createdAt: share.createdAt.toISOString(),
          originalImageStorageUrl: adminFileUrl(design.original.key),
          originalImageThumbUrl: adminFileUrl(design.original.thumbKey),
          generatedImageStorageUrls: results.map((image) => adminFileUrl(image.key)),
          generatedImageThumbUrls: results.map((image) => adminFileUrl(image.thumbKey)),
          userComment: share.userComment,
        };
      });
    },
  });
}
