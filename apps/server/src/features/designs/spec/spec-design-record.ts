import type { DesignView, ViewImage, ViewPicture } from '@rv/contracts/api/design-view';
import type { DesignImage, ImageInfo, MyDesignRecord, RoomDesign } from '@rv/contracts/api/designs';
import { FILES_PATH_PREFIX } from '@rv/contracts/files';

/**
 * THE SPEC ADAPTER (ADR 025): the spec's position-keyed design record (docs/product-rules.md#design-record) built from the
 * design view, for the spec's calls only (GET /api/room-design/{id}, GET /api/room-designs, the
 * whole-map PATCH). Position i is the view's i-th result (refinements first, as the spec's results page
 * lists them); the other position translations of spec/ (delete-at-position.ts, update-design-maps.ts)
 * read the same order. Our web app reads the view itself.
 */

/** The id the original photo goes by in the record's designImages (it is the design's upload, not a result row). */
export const ORIGINAL_IMAGE_ID = 'original';

const infoOf = ({ thumbnailUrl, thumbnailWidth, width, height }: ViewPicture): ImageInfo => ({
  thumbnailUrl,
  thumbnailWidth,
  width,
  height,
});

/** The spec's file names are the storage keys (the file URL rule is `/api/files/<key>`). */
const fileName = (picture: ViewPicture) => picture.url.slice(FILES_PATH_PREFIX.length);

/** One result image of the record's designImages, at its position. */
export function toRecordImage(image: ViewImage, position: number): DesignImage {
  const { srcset: _srcset, flagged: _flagged, refinement: _refinement, ...rest } = image;
  return { ...rest, position };
}

/** The position-keyed maps of the spec ('0': value, ...) for one field; images without a value are left out. */
function positionMap(images: ViewImage[], field: 'name' | 'roomType' | 'notes'): Record<string, string> {
  const map: Record<string, string> = {};
  images.forEach((image, position) => {
    const value = image[field];
    if (value !== null) map[String(position)] = value;
  });
  return map;
}

/** The spec's room design record (docs/product-rules.md#design-record), from the view. */
export function toDesignRecord(view: DesignView): RoomDesign {
  const isFd = view.tool === 'furnishing';
  const { images } = view;
  const refined = images.filter((image) => image.kind === 'refined');
  const generated = images.filter((image) => image.kind !== 'refined');
  const projectNameMap = positionMap(images, 'name');
  const roomTypeMap = positionMap(images, 'roomType');
  const notesMap = positionMap(images, 'notes');
  return {
    id: view.id,
    designId: view.id,
    projectName: projectNameMap['0'] ?? null,
    roomType: roomTypeMap['0'] ?? null,
    notes: notesMap['0'] ?? null,
    projectNameMap,
    roomTypeMap,
    notesMap,
    originalImageUrl: view.original.url,
    generatedImageUrls: generated.map((image) => image.url),
    refinedImageUrls: refined.map((image) => image.url),
    refinedImageStorageUrls: images.map((image) => image.url),
    refinedSaveStatusList: images.map((image) => image.saved),
    visualizerFilename: generated[0] ? fileName(generated[0]) : null,
    visualizerFilenames: generated.map(fileName),
    clientsFilename: fileName(view.original),
    createdAt: view.createdAt,
    analysisText: view.analysisHtml,
    isfdDesign: isFd,
    iskbDesign: !isFd,
    fdDetailUrl: isFd ? view.pagePath : null,
    kbDetailUrl: isFd ? null : view.pagePath,
    makefdDetailUrlPublic: isFd && view.isPublic,
    makekbDetailUrlPublic: !isFd && view.isPublic,
    status: view.status,
    error: view.error,
    fidelityScores: generated.map((image) => image.fidelityScore ?? 0),
    fidelityFlags: generated.map((image) => image.flagged),
    // Additions to the spec's record for API clients that address images by id.
    images: Object.fromEntries([view.original, ...images].map((picture) => [picture.url, infoOf(picture)])),
    designImages: [
      {
        ...infoOf(view.original),
        id: ORIGINAL_IMAGE_ID,
        kind: 'original',
        url: view.original.url,
        position: null,
        saved: false,
        name: null,
        roomType: null,
        notes: null,
        fidelityScore: null,
        items: null,
        createdAt: view.createdAt,
      },
      ...images.map(toRecordImage),
    ],
  };
}

/** The record of the spec's My Designs list: the record plus each image's thumbnail, in the record's order. */
export function toMyDesignRecord(view: DesignView): MyDesignRecord {
  return {
    ...toDesignRecord(view),
    thumbnailUrls: view.images.map((image) => image.thumbnailUrl),
    originalThumbnailUrl: view.original.thumbnailUrl,
  };
}
