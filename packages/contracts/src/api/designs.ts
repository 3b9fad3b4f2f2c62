import { z } from 'zod';
import { paginationInfo } from './common';

/** One stored image: its thumbnail (720 px wide at most, for srcset) and its pixel size (width/height, no layout shift). */
export const imageInfo = z.object({
  thumbnailUrl: z.string(),
  thumbnailWidth: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageInfo = z.infer<typeof imageInfo>;

/** The room design record of spec section 3, as the list and results page see it. */
export const roomDesign = z.object({
  id: z.string(),
  designId: z.string(),
  projectName: z.string().nullable(),
  roomType: z.string().nullable(),
  notes: z.string().nullable(),
  projectNameMap: z.record(z.string(), z.string()),
  roomTypeMap: z.record(z.string(), z.string()),
  notesMap: z.record(z.string(), z.string()),
  originalImageUrl: z.string(),
  generatedImageUrls: z.array(z.string()),
  refinedImageUrls: z.array(z.string()),
  refinedImageStorageUrls: z.array(z.string()),
  refinedSaveStatusList: z.array(z.boolean()),
  visualizerFilename: z.string().nullable(),
  visualizerFilenames: z.array(z.string()),
  clientsFilename: z.string().nullable(),
  createdAt: z.string(),
  analysisText: z.string().nullable(),
  isfdDesign: z.boolean(),
  iskbDesign: z.boolean(),
  fdDetailUrl: z.string().nullable(),
  kbDetailUrl: z.string().nullable(),
  makefdDetailUrlPublic: z.boolean(),
  makekbDetailUrlPublic: z.boolean(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  error: z.string().nullable(),
  fidelityScores: z.array(z.number()),
  fidelityFlags: z.array(z.boolean()),
  /** Every image of the record by its URL (an addition to the spec's record). */
  images: z.record(z.string(), imageInfo).optional(),
});
export type RoomDesign = z.infer<typeof roomDesign>;

/** GET /api/room-designs?page={n}&limit=6 */
export const roomDesignsQuery = z.object({
  page: z.coerce.number().int().min(0).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(6),
});
export const roomDesignsAnswer = paginationInfo.extend({ result: z.array(roomDesign), error: z.string().nullable() });

/** DELETE /api/room-designs/{id}?status_index={-1 or index}&c=&v= */
export const deleteDesignQuery = z.object({
  status_index: z.coerce.number().int().min(-1),
  c: z.string().optional(),
  v: z.string().optional(),
});

/** PATCH /api/room-designs/update/{id} */
export const updateDesignBody = z.object({
  notesMap: z.record(z.string(), z.string().max(2000)),
  projectNameMap: z.record(z.string(), z.string().max(200)),
  refinedSaveStatusList: z.array(z.boolean()),
  roomTypeMap: z.record(z.string(), z.string().max(100)),
});

/** PATCH /api/room-designs/update/{id}?fd_public={bool} or ?kb_public={bool} */
export const publicToggleQuery = z.object({
  fd_public: z.enum(['true', 'false']).optional(),
  kb_public: z.enum(['true', 'false']).optional(),
});
export const publicToggleBody = z.object({ url: z.string().max(2000), isfdDesign: z.boolean(), iskbDesign: z.boolean() });

/** GET /api/room-design/{id} */
export const roomDesignView = roomDesign.extend({ noSession: z.boolean() });

/** GET /api/download-image?url=&filename= */
export const downloadImageQuery = z.object({ url: z.string().min(1).max(4000), filename: z.string().max(300).optional() });
