import { z } from 'zod';
import { roomDesign, roomDesignsQuery } from '@rv/contracts/api/designs';
import { paginationInfo } from '@rv/contracts/api/common';
import type { DesignImageRow, DesignRow } from '../../db/schema';
import { fileUrl, toDesignRecord } from './design-record';

/**
 * The design record of the My Designs list: the spec's record plus the thumbnail of each image (in
 * the same order as refinedImageStorageUrls, refined first) and of the original, so the grid never
 * downloads a full-size image.
 */
export const myDesignRecord = roomDesign.extend({
  thumbnailUrls: z.array(z.string()),
  originalThumbnailUrl: z.string(),
});
export type MyDesignRecord = z.infer<typeof myDesignRecord>;

/**
 * GET /api/room-designs?page&limit&scope: `saved` (the default) lists the designs with at least one
 * saved image (My Designs); `all` lists every finished design (Auto-saved Designs).
 */
export const myDesignsQuery = roomDesignsQuery.extend({ scope: z.enum(['saved', 'all']).default('saved') });
export const myDesignsAnswer = paginationInfo.extend({ result: z.array(myDesignRecord), error: z.string().nullable() });
export type MyDesignsAnswer = z.infer<typeof myDesignsAnswer>;

export function toMyDesignRecord(design: DesignRow, images: DesignImageRow[]): MyDesignRecord {
  return {
    ...toDesignRecord(design, images),
    thumbnailUrls: images.map((image) => fileUrl(image.thumbKey)),
    originalThumbnailUrl: fileUrl(design.original.thumbKey),
  };
}
