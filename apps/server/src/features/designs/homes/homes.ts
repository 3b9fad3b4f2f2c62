import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { HomeRoom, HomeView, LookView } from '@rv/contracts/api/homes';
import { fileUrl } from '@rv/contracts/files';
import { messages } from '@rv/contracts/messages';
import { homePagePath, resultsPagePath } from '@rv/contracts/pages';
import type { UserRow } from '../../../auth/session-guard';
import type { Db } from '../../../db/client';
import { designImages, homes, roomDesigns, type HomeRow, type LookRow } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { loadDesignImages } from '../load-design-images';
import { viewPicture } from '../view/design-view';
import { roomWordsOf } from './take-look';

type Tx = Pick<Db, 'select' | 'insert'>;

/** Every account's first home. */
export const DEFAULT_HOME_NAME = 'My home';

const newHomeId = () => randomBytes(18).toString('base64url');
const notFound = () => new AppError('NOT_FOUND', messages.server.notFound);

/** The account's homes, first made first ("My home"). */
async function homesOf(db: Pick<Db, 'select'>, userId: string): Promise<HomeRow[]> {
  return db.select().from(homes).where(eq(homes.userId, userId)).orderBy(asc(homes.createdAt), asc(homes.id));
}

/**
 * The account's first home, made ("My home") when it has none. Called with the user's row locked (design
 * creation locks it), or where a second "My home" made by a race would do no harm (the list shows both).
 */
export async function defaultHome(tx: Tx, userId: string): Promise<HomeRow> {
  const [first] = await homesOf(tx, userId);
  if (first) return first;
  const [made] = await tx.insert(homes).values({ id: newHomeId(), userId, name: DEFAULT_HOME_NAME }).returning();
  return made!;
}

/** The caller's own home, or 404 (another user's is indistinguishable from a missing one). */
export async function findOwnHome(db: Pick<Db, 'select'>, homeId: string, userId: string): Promise<HomeRow> {
  const [home] = await db.select().from(homes).where(eq(homes.id, homeId));
  if (!home || home.userId !== userId) throw notFound();
  return home;
}

/** The finished designs of a home, oldest first (a design made before homes is in its owner's first home). */
async function roomsOf(db: Db, home: HomeRow, first: boolean) {
  return db
    .select()
    .from(roomDesigns)
    .where(
      and(
        eq(roomDesigns.userId, home.userId),
        eq(roomDesigns.status, 'done'),
        first ? or(eq(roomDesigns.homeId, home.id), isNull(roomDesigns.homeId)) : eq(roomDesigns.homeId, home.id),
      ),
    )
    .orderBy(asc(roomDesigns.createdAt));
}

/** A home as its page shows it; anyone but the owner gets no name (the owner's words, ADR 057). */
async function toHomeView(db: Db, home: HomeRow, first: boolean, viewer: 'owner' | 'other'): Promise<HomeView> {
  const designs = await roomsOf(db, home, first);
  const images = await loadDesignImages(
    db,
    designs.map((design) => design.id),
  );
  const rooms: HomeRoom[] = designs.map((design) => {
    const shown = (images.get(design.id) ?? []).find((image) => image.kind !== 'refined') ?? images.get(design.id)?.[0];
    return {
      designId: design.id,
      pagePath: resultsPagePath(design.tool, design.id),
      roomWords: roomWordsOf(design, shown?.roomType),
      image: shown ? viewPicture(shown) : null,
      consistency: design.consistency ?? null,
    };
  });
  return { id: home.id, name: viewer === 'owner' ? home.name : null, isPublic: home.isPublic, pagePath: homePagePath(home.id), rooms };
}

/** GET /api/homes: the caller's homes with their rooms ("My home" made at the first visit when there is none). */
export async function listHomes(db: Db, userId: string): Promise<HomeView[]> {
  await defaultHome(db, userId);
  const rows = await homesOf(db, userId);
  return Promise.all(rows.map((home, index) => toHomeView(db, home, index === 0, 'owner')));
}

export async function createHome(db: Db, userId: string, name: string): Promise<HomeView> {
  await defaultHome(db, userId);
  const [home] = await db.insert(homes).values({ id: newHomeId(), userId, name }).returning();
  return toHomeView(db, home!, false, 'owner');
}

export async function changeHome(db: Db, userId: string, homeId: string, change: { name?: string; isPublic?: boolean }): Promise<HomeView> {
  await findOwnHome(db, homeId, userId);
  const [home] = await db
    .update(homes)
    .set({
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(change.isPublic === undefined ? {} : { isPublic: change.isPublic }),
    })
    .where(eq(homes.id, homeId))
    .returning();
  const [first] = await homesOf(db, userId);
  return toHomeView(db, home!, first?.id === homeId, 'owner');
}

/** GET /api/homes/{id}: the owner's home, or a shared one for anyone (read-only, nameless); else 404, as a design's Share View. */
export async function findVisibleHome(db: Db, homeId: string, viewer: UserRow | null): Promise<{ home: HomeView; editable: boolean }> {
  const [home] = await db.select().from(homes).where(eq(homes.id, homeId));
  const owner = Boolean(home && viewer && home.userId === viewer.id);
  if (!home || (!owner && !home.isPublic)) throw notFound();
  const [first] = await homesOf(db, home.userId);
  return { home: await toHomeView(db, home, first?.id === home.id, owner ? 'owner' : 'other'), editable: owner };
}

/** Whether a design's files are shown by a shared home (its images, as on a shared design's page: files/may-read-file.ts). */
export async function inSharedHome(db: Db, design: { homeId: string | null; userId: string }): Promise<boolean> {
  const [home] = design.homeId ? await db.select().from(homes).where(eq(homes.id, design.homeId)) : await homesOf(db, design.userId);
  return home?.isPublic ?? false;
}

/** A look as the tool form shows it: its source result and the piece photos as URLs. */
export async function toLookView(db: Db, row: LookRow): Promise<LookView> {
  const [source] = await db.select().from(designImages).where(eq(designImages.id, row.imageId));
  const [design] = await db
    .select({ tool: roomDesigns.tool })
    .from(roomDesigns)
    .where(inArray(roomDesigns.id, [row.designId]));
  if (!source || !design) throw notFound();
  const { pieces, ...look } = row.look;
  return {
    ...look,
    id: row.id,
    sourcePagePath: resultsPagePath(design.tool, row.designId),
    source: viewPicture(source),
    pieces: pieces.map((piece) => ({ name: piece.name, photoUrl: piece.photoKey ? fileUrl(piece.photoKey) : null })),
  };
}
