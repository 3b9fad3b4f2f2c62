import { roomDesigns } from '../db/schema';
import type { DesignBrief } from '../engines/design-brief';
import { storeDesignUploads } from '../features/designs/creation/store-design-uploads';
import type { Services } from '../services';
import { createUser } from './fixtures';

/**
 * A new user's furnishing design as the create step leaves it: the room photo stored as an upload (no
 * items, no inspiration) and the design row pointing at it, before any generation. Answers the ids;
 * the design id is `idPrefix` and the start of the user id.
 */
export async function insertDesignWithStoredRoom(
  services: Pick<Services, 'database' | 'storage'>,
  options: { idPrefix: string; room: Buffer; brief: DesignBrief; transformationsUsed?: number },
): Promise<{ designId: string; userId: string }> {
  const { db } = services.database;
  const { id: userId } = await createUser(db, { transformationsUsed: options.transformationsUsed });
  const designId = `${options.idPrefix}-${userId.slice(0, 8)}`;
  const { original } = await storeDesignUploads(
    services.storage,
    designId,
    { room: { field: 'roomPhoto', filename: 'r.jpg', source: options.room }, items: [], inspiration: [] },
    'item',
  );
  await db.insert(roomDesigns).values({ id: designId, userId, tool: 'furnishing', brief: options.brief, original });
  return { designId, userId };
}
