import { eq } from 'drizzle-orm';
import { roomDesigns } from '../src/db/schema';
import type { DesignBrief } from '../src/domain/design-brief';
import { createDesign } from '../src/features/designs/creation/create-design';
import { storeDesignUploads } from '../src/features/designs/creation/store-design-uploads';
import type { Services } from '../src/services';
import { createUser, plainBrief } from './fixtures';
import { eventually } from './test-app';

/**
 * A new user's furnishing design as the create step leaves it: the room photo stored as an upload (no
 * items, no inspiration) and the design row pointing at it, before any generation. Answers the ids;
 * the design id is `idPrefix` and the start of the user id.
 */
export async function insertDesignWithStoredRoom(
  services: Pick<Services, 'database' | 'storage' | 'jobs' | 'log'>,
  options: { idPrefix: string; room: Buffer; brief: DesignBrief; transformationsUsed?: number },
): Promise<{ designId: string; userId: string }> {
  const { db } = services.database;
  const { id: userId } = await createUser(db, { transformationsUsed: options.transformationsUsed });
  const designId = `${options.idPrefix}-${userId.slice(0, 8)}`;
  const { original } = await storeDesignUploads(
    services,
    designId,
    { room: { field: 'roomPhoto', filename: 'r.jpg', source: options.room }, items: [], inspiration: [] },
    'item',
  );
  await db.insert(roomDesigns).values({ id: designId, userId, tool: 'furnishing', brief: options.brief, original });
  return { designId, userId };
}

/**
 * A furnishing design of `userId` (style 'navy', the room photo only) made by the real pipeline with the
 * app's engines, once it is done (within 20 s): its id.
 */
export async function createNavyDesignAndWaitDone(services: Services, userId: string, room: Buffer): Promise<string> {
  const designId = await createDesign(services, {
    userId,
    tool: 'furnishing',
    brief: plainBrief('navy'),
    uploads: { room: { field: 'roomPhoto', filename: 'r.jpg', source: room }, items: [], inspiration: [] },
  });
  const { db } = services.database;
  await eventually(async () => (await db.select().from(roomDesigns).where(eq(roomDesigns.id, designId)))[0]?.status === 'done', 20_000);
  return designId;
}
