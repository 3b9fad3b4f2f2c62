import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ROOM_TYPES } from '@rv/contracts/constants';
import type { Look } from '@rv/contracts/api/look';
import { messages } from '@rv/contracts/messages';
import type { Db } from '../../../db/client';
import { designImages, looks, type DesignRow, type LookRow } from '../../../db/schema';
import { runPixelTask } from '../../../engines/pixel-threads/pixel-pool';
import { applyStyleLensRules } from '../../../engines/local/style-lens-rules';
import { AppError } from '../../../lib/app-error';
import type { Services } from '../../../services';
import { readObject } from '../../../storage/read-object';
import { findOwnDesign } from '../find-own-design';

/** Colours, materials, forms and pieces a look keeps at most (the contracts' `look` limits). */
const LOOK_COLOURS = 5;
const LOOK_PIECES = 8;

/** The room a design shows, in words: its result's room type, the brief's, or the tool's space ("kitchen or bathroom"). */
export function roomWordsOf(design: Pick<DesignRow, 'tool' | 'brief'>, roomType: string | null | undefined): string {
  const type = ROOM_TYPES.find((entry) => entry.value === (roomType ?? design.brief.roomType) && entry.value !== 'other');
  if (type) return type.label.toLowerCase();
  return design.tool === 'kitchen-bathroom' ? 'kitchen or bathroom' : 'room';
}

const lookNotFound = () => new AppError('NOT_FOUND', messages.server.notFound);

/**
 * Takes the look of one result of the caller's own design (issue 49): the palette measured from the image
 * (k-means on a pixel thread), the materials, forms and mood the measures give (the StyleLens rules) with the
 * materials the analysis names in the image, the named pieces (the items the analysis lists, and the
 * person's own items with the photos they gave), stored as a look of theirs. Another user's design or
 * image is a 404, as a missing one.
 */
export async function takeLook(services: Services, input: { userId: string; designId: string; imageId: string }): Promise<LookRow> {
  const { db } = services.database;
  const design = await findOwnDesign(db, input.designId, input.userId);
  const [image] = await db
    .select()
    .from(designImages)
    .where(and(eq(designImages.id, input.imageId), eq(designImages.designId, design.id)));
  if (!image || design.status !== 'done') throw lookNotFound();
  const data = await readObject(services.storage, image.key);
  if (!data) throw lookNotFound();
  const measures = await runPixelTask('measureImage', [data, { colours: LOOK_COLOURS }]);
  const rules = applyStyleLensRules(measures);
  const listed = image.items ?? [];
  const ownPieces = design.references.flatMap((reference) => {
    if (reference.role !== 'item') return [];
    const item = design.brief.items[reference.itemIndex];
    return item ? [{ name: item.description, photoKey: reference.key, own: true }] : [];
  });
  const ownNames = ownPieces.map((piece) => piece.name.toLowerCase());
  const listedPieces = listed
    .filter((item) => !ownNames.some((own) => item.name.toLowerCase().startsWith(own)))
    .map((item) => ({ name: item.name, photoKey: null, own: false }));
  const look: Look = {
    roomWords: roomWordsOf(design, image.roomType),
    palette: measures.palette.map((colour) => ({ hex: colour.hex, name: colour.name, share: Math.round(colour.share * 1000) / 1000 })),
    materials: [...new Set([...listed.flatMap((item) => (item.material ? [item.material] : [])), ...rules.materials])].slice(0, 8),
    forms: rules.forms.slice(0, 6),
    pieces: [...ownPieces, ...listedPieces].slice(0, LOOK_PIECES),
    mood: rules.mood,
  };
  const [row] = await db
    .insert(looks)
    .values({ id: randomBytes(18).toString('base64url'), userId: input.userId, designId: design.id, imageId: image.id, look })
    .returning();
  return row!;
}

/** The caller's own look, or 404 (another user's is indistinguishable from a missing one). */
export async function findOwnLook(db: Db, lookId: string, userId: string): Promise<LookRow> {
  const [row] = await db.select().from(looks).where(eq(looks.id, lookId));
  if (!row || row.userId !== userId) throw lookNotFound();
  return row;
}
