import type { z } from 'zod';
import type { roomDesign } from '@rv/contracts/api/designs';
import type { ImageInfo } from '@rv/contracts/api/designs';
import type { roomDesigns, StoredImage } from '../../db/schema';

export const fileUrl = (key: string) => `/api/files/${key}`;
export const resultsPath = (design: Pick<typeof roomDesigns.$inferSelect, 'id' | 'tool'>) =>
  `/${design.tool === 'furnishing' ? 'furnishing-decorating' : 'kitchen-bathroom'}/design/${design.id}`;

/** Images stored before thumbnails recorded their width had thumbnails fitting a 480 x 480 box. */
const LEGACY_THUMBNAIL_BOX = 480;
const thumbnailWidth = (image: StoredImage) =>
  image.thumbWidth ??
  (image.width >= image.height ? LEGACY_THUMBNAIL_BOX : Math.round((LEGACY_THUMBNAIL_BOX * image.width) / image.height));
export const imageInfo = (image: StoredImage): ImageInfo => ({
  thumbnailUrl: fileUrl(image.thumbKey),
  thumbnailWidth: Math.min(thumbnailWidth(image), image.width),
  width: image.width,
  height: image.height,
});

/** The room design record of spec section 3, as the list and the results page see it (refined images first). */
export function toDesignRecord(design: typeof roomDesigns.$inferSelect): z.infer<typeof roomDesign> {
  const isFd = design.tool === 'furnishing';
  const detailUrl = resultsPath(design);
  const images = [...design.refined.map((r) => fileUrl(r.key)), ...design.generated.map((g) => fileUrl(g.key))];
  return {
    id: design.id,
    designId: design.id,
    projectName: design.projectNameMap['0'] ?? null,
    roomType: design.roomTypeMap['0'] ?? null,
    notes: design.notesMap['0'] ?? null,
    projectNameMap: design.projectNameMap,
    roomTypeMap: design.roomTypeMap,
    notesMap: design.notesMap,
    originalImageUrl: fileUrl(design.original.key),
    generatedImageUrls: design.generated.map((g) => fileUrl(g.key)),
    refinedImageUrls: design.refined.map((r) => fileUrl(r.key)),
    refinedImageStorageUrls: images,
    refinedSaveStatusList: images.map((_, index) => design.saveStatusList[index] ?? false),
    visualizerFilename: design.generated[0]?.key ?? null,
    visualizerFilenames: design.generated.map((g) => g.key),
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
    fidelityScores: design.generated.map((g) => g.fidelity),
    fidelityFlags: design.generated.map((g) => g.flagged),
    images: Object.fromEntries(
      [design.original, ...design.refined, ...design.generated].map((image) => [fileUrl(image.key), imageInfo(image)]),
    ),
  };
}
