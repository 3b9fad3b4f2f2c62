import type { DesignView, ViewImage, ViewPicture } from '@rv/contracts/api/design-view';
import type { ImageInfo, ShoppableItem } from '@rv/contracts/api/designs';
import { fileUrl } from '@rv/contracts/files';
import { messages } from '@rv/contracts/messages';
import { imageSrcSet } from '@rv/contracts/images';
import { resultsPagePath } from '@rv/contracts/pages';
import type { StoredShoppableItem } from '../../../db/row-types';
import type { DesignImageRow, DesignRow, StoredImage } from '../../../db/schema';
import type { DesignBrief } from '../../../domain/design-brief';

/** Images stored before thumbnails recorded their width had thumbnails fitting a 480 x 480 box. */
const LEGACY_THUMBNAIL_BOX = 480;

type SizedImage = Pick<StoredImage, 'thumbKey' | 'width' | 'height'> & { thumbWidth?: number | null };

const thumbnailWidth = (image: SizedImage) =>
  image.thumbWidth ??
  (image.width >= image.height ? LEGACY_THUMBNAIL_BOX : Math.round((LEGACY_THUMBNAIL_BOX * image.width) / image.height));

export const imageInfo = (image: SizedImage): ImageInfo => ({
  thumbnailUrl: fileUrl(image.thumbKey),
  thumbnailWidth: Math.min(thumbnailWidth(image), image.width),
  width: image.width,
  height: image.height,
});

/** A stored picture as a page shows it: its URL, thumbnail, size and srcset. */
export function viewPicture(image: SizedImage & { key: string }): ViewPicture {
  const info = imageInfo(image);
  const url = fileUrl(image.key);
  const srcset = imageSrcSet(url, info);
  return { ...info, url, ...(srcset ? { srcset } : {}) };
}

/** A stored shoppable item as the API answers it (the database's type mapped to the wire's at the edge). */
function toShoppableItem(stored: StoredShoppableItem): ShoppableItem {
  return {
    name: stored.name,
    category: stored.category,
    furnitureType: stored.furnitureType,
    colour: stored.colour,
    material: stored.material,
  };
}

/**
 * One result row as the view shows it, by its kind: a refinement with its number among the design's
 * refinements (`numbers`, oldest 1) and its painted area, if any; a generated or Fix Room image without either.
 */
export function toViewImage(row: DesignImageRow, numbers: ReadonlyMap<string, number>): ViewImage {
  const common = {
    ...viewPicture(row),
    id: row.id,
    saved: row.saved,
    name: row.name,
    roomType: row.roomType,
    notes: row.notes,
  };
  const items = row.items?.map(toShoppableItem) ?? null;
  const createdAt = row.createdAt.toISOString();
  const photo = row.photo;
  if (row.kind !== 'refined')
    return { ...common, kind: row.kind, fidelityScore: row.fidelity, flagged: row.flagged, items, refinement: null, createdAt, photo };
  return {
    ...common,
    kind: 'refined',
    fidelityScore: row.fidelity,
    flagged: row.flagged,
    items,
    ...(row.maskKey ? { maskUrl: fileUrl(row.maskKey) } : {}),
    // A row the numbers were not made from is newer than every one they were.
    refinement: numbers.get(row.id) ?? numbers.size + 1,
    createdAt,
    photo,
  };
}

/** Each refinement's number, the oldest 1 ('Refined #n'), by the rows' creation order. */
export function refinementNumbers(images: DesignImageRow[]): Map<string, number> {
  const refined = images
    .filter((image) => image.kind === 'refined')
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || b.rank - a.rank);
  return new Map(refined.map((image, index) => [image.id, index + 1]));
}

/** Who reads a view: the design's owner, or anyone else who may (a visitor of a shared design, another account, an admin). */
export type DesignViewer = 'owner' | 'other';

/**
 * The analysis as its owner reads it: what it quotes of their words (what they asked for), then what the
 * engine says of the images (ADR 057); null when there is neither.
 */
export function ownersAnalysisHtml(design: Pick<DesignRow, 'analysisHtml' | 'analysisOwnerHtml'>): string | null {
  const html = `${design.analysisOwnerHtml ?? ''}${design.analysisHtml ?? ''}`;
  return html || null;
}

/**
 * The design view (ADR 025) of one design row and its result rows (`images`, in the results page's
 * order: rank, then age). Each image appears once, with its id; nothing is keyed by position. Anyone but
 * the owner gets it without the owner's words (withoutOwnersWords).
 */
export function toDesignView(design: DesignRow, images: DesignImageRow[], viewer: DesignViewer = 'owner'): DesignView {
  const numbers = refinementNumbers(images);
  const head = { id: design.id, tool: design.tool };
  const tail = {
    createdAt: design.createdAt.toISOString(),
    analysisHtml: viewer === 'owner' ? ownersAnalysisHtml(design) : design.analysisHtml,
    isPublic: design.isPublic,
    pagePath: resultsPagePath(design.tool, design.id),
    original: viewPicture(design.original),
    images: images.map((image) => toViewImage(image, numbers)),
    morePhotos: design.morePhotos.map(viewPicture),
    look: lookShown(design.brief, viewer),
    consistency: design.consistency ?? null,
    engineNotes: viewer === 'owner' ? design.engineNotes : [],
  };
  // A failed design always says why (a row failed without words gets the spec's); any other has no error.
  const view: DesignView =
    design.status === 'failed'
      ? { ...head, status: 'failed', error: design.error ?? messages.tools.processDesignFailed, ...tail }
      : { ...head, status: design.status, error: null, ...tail };
  return viewer === 'owner' ? view : withoutOwnersWords(view, design.brief);
}

/**
 * A design's look as its page shows it (issue 49): measured facts; the pieces named after the owner's own
 * item descriptions are their words, shown to them only (ADR 057).
 */
function lookShown(brief: DesignBrief, viewer: DesignViewer): DesignView['look'] {
  if (!brief.look) return null;
  const { roomWords, palette, materials, forms, mood, pieces } = brief.look;
  return {
    roomWords,
    palette,
    materials,
    forms,
    mood,
    pieces: pieces.filter((piece) => viewer === 'owner' || !piece.own).map((piece) => piece.name),
  };
}

/** A text as the local engine names a shoppable item from it: one line, lower case. */
const asItemName = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The view anyone but the owner gets (a visitor of a shared design, another account, an admin): each
 * image's name and notes are what the owner wrote for themselves (docs/security.md); a shoppable item named
 * after the owner's own description of an item is their words too, and a refinement's painted area is
 * their drawing, which only the owner may read (its URL would answer 404: the page asks for nothing it
 * may not have). The analysis without the owner's words is toDesignView's (ADR 057).
 */
function withoutOwnersWords(view: DesignView, brief: DesignBrief): DesignView {
  const descriptions = brief.items.map((item) => asItemName(item.description)).filter(Boolean);
  const notTheirs = (item: ShoppableItem) => !descriptions.some((description) => asItemName(item.name).startsWith(description));
  return {
    ...view,
    images: view.images.map((image) => {
      const items = image.items?.filter(notTheirs) ?? null;
      if (image.kind !== 'refined') return { ...image, name: null, notes: null, items };
      const { maskUrl: _maskUrl, ...rest } = image;
      return { ...rest, name: null, notes: null, items };
    }),
  };
}

/** One image of a design by its id (what every per-image action names); undefined when it is not one of the design's. */
export function viewImageOf(view: DesignView, imageId: string): ViewImage | undefined {
  return view.images.find((image) => image.id === imageId);
}
