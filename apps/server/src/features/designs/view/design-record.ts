import type { z } from 'zod';
import type { DesignImage, ImageInfo, roomDesign, ShoppableItem } from '@rv/contracts/api/designs';
import { fileUrl } from '@rv/contracts/files';
import { resultsPagePath } from '@rv/contracts/pages';
import type { DesignImageRow, DesignRow, StoredImage } from '../../../db/schema';
import type { StoredShoppableItem } from '../../../db/row-types';

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

/** The id the original photo goes by among a design's images (it is the design's upload, not a result row). */
export const ORIGINAL_IMAGE_ID = 'original';

/** A stored shoppable item as the API answers it. */
function toShoppableItem(stored: StoredShoppableItem): ShoppableItem {
  return {
    name: stored.name,
    category: stored.category,
    furnitureType: stored.furnitureType,
    colour: stored.colour,
    material: stored.material,
  };
}

/** One result image as the browser sees it; `position` is its index in the design's result list. */
export function toDesignImage(row: DesignImageRow, position: number): DesignImage {
  return {
    ...imageInfo(row),
    id: row.id,
    kind: row.kind,
    url: fileUrl(row.key),
    position,
    saved: row.saved,
    name: row.name,
    roomType: row.roomType,
    notes: row.notes,
    fidelityScore: row.fidelity,
    items: row.items?.map(toShoppableItem) ?? null,
    ...(row.maskKey ? { maskUrl: fileUrl(row.maskKey) } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

function originalImage(design: DesignRow): DesignImage {
  return {
    ...imageInfo(design.original),
    id: ORIGINAL_IMAGE_ID,
    kind: 'original',
    url: fileUrl(design.original.key),
    position: null,
    saved: false,
    name: null,
    roomType: null,
    notes: null,
    fidelityScore: null,
    items: null,
    createdAt: design.createdAt.toISOString(),
  };
}

/** A position-keyed map of the spec ('0': value, ...) from one field of the rows; images without a value are left out. */
function positionMap(images: DesignImageRow[], field: 'name' | 'roomType' | 'notes'): Record<string, string> {
  const map: Record<string, string> = {};
  images.forEach((image, index) => {
    const value = image[field];
    if (value !== null) map[String(index)] = value;
  });
  return map;
}

/**
 * The room design record of spec section 3, as the list and the results page see it, built from the
 * design row and its result rows (`images`, in the results page's order: refined images first). The
 * position-keyed maps and lists exist only here, at the API edge.
 */
export function toDesignRecord(design: DesignRow, images: DesignImageRow[]): z.infer<typeof roomDesign> & { designImages: DesignImage[] } {
  const isFd = design.tool === 'furnishing';
  const detailUrl = resultsPagePath(design.tool, design.id);
  const urls = images.map((image) => fileUrl(image.key));
  const refined = images.filter((image) => image.kind === 'refined');
  const generated = images.filter((image) => image.kind !== 'refined');
  const projectNameMap = positionMap(images, 'name');
  const roomTypeMap = positionMap(images, 'roomType');
  const notesMap = positionMap(images, 'notes');
  return {
    id: design.id,
    designId: design.id,
    projectName: projectNameMap['0'] ?? null,
    roomType: roomTypeMap['0'] ?? null,
    notes: notesMap['0'] ?? null,
    projectNameMap,
    roomTypeMap,
    notesMap,
    originalImageUrl: fileUrl(design.original.key),
    generatedImageUrls: generated.map((image) => fileUrl(image.key)),
    refinedImageUrls: refined.map((image) => fileUrl(image.key)),
    refinedImageStorageUrls: urls,
    refinedSaveStatusList: images.map((image) => image.saved),
    visualizerFilename: generated[0]?.key ?? null,
    visualizerFilenames: generated.map((image) => image.key),
    clientsFilename: design.original.key,
    createdAt: design.createdAt.toISOString(),
    analysisText: design.analysisHtml,
    isfdDesign: isFd,
    iskbDesign: !isFd,
    fdDetailUrl: isFd ? detailUrl : null,
    kbDetailUrl: isFd ? null : detailUrl,
    makefdDetailUrlPublic: isFd && design.isPublic,
    makekbDetailUrlPublic: !isFd && design.isPublic,
    status: design.status,
    error: design.error,
    fidelityScores: generated.map((image) => image.fidelity ?? 0),
    fidelityFlags: generated.map((image) => image.flagged),
    images: Object.fromEntries([
      [fileUrl(design.original.key), imageInfo(design.original)],
      ...images.map((image) => [fileUrl(image.key), imageInfo(image)] as const),
    ]),
    designImages: [originalImage(design), ...images.map(toDesignImage)],
  };
}
