import { z } from 'zod';
import { FURNITURE_TYPES, STORE_CATEGORIES } from '../constants';
import { paginationInfo } from './common';
import { designImageKinds, designListScopes, workStatuses, type DesignImageKind } from '../domain';

/** One stored image: its thumbnail (720 px wide at most, for srcset) and its pixel size (width/height, no layout shift). */
export const imageInfo = z.object({
  thumbnailUrl: z.string(),
  thumbnailWidth: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageInfo = z.infer<typeof imageInfo>;

/**
 * Every image of a design is a row of its own (original, generated, refined, fixed): its name, room
 * type, notes, saved flag, fidelity score and shoppable items belong to that image, addressed by its id.
 * The spec's position-keyed maps (projectNameMap, roomTypeMap, notesMap, refinedSaveStatusList) are an
 * answer shape built from these rows at the API edge, never stored.
 */
export const designImageKind = z.enum(designImageKinds);
export type { DesignImageKind };

/** One thing in a design a person could buy, named as a shop's search box understands it. */
export const shoppableItem = z.object({
  /** e.g. 'green velvet three-seat sofa', 'light oak round coffee table', 'jute rug' */
  name: z.string().min(1).max(120),
  category: z.enum(STORE_CATEGORIES),
  furnitureType: z.enum(FURNITURE_TYPES).nullable(),
  colour: z.string().max(60).nullable(),
  material: z.string().max(60).nullable(),
});
export type ShoppableItem = z.infer<typeof shoppableItem>;

export const designImageId = z.string().min(1).max(64);

/**
 * One image of the spec's record (its `designImages` addition, for API clients; our web app reads the
 * design view, api/design-view.ts). The original photo comes first, with the id 'original' and position
 * null: it is the design's upload, not a result, so the per-image calls do not apply to it.
 */
export const designImage = imageInfo.extend({
  id: designImageId,
  kind: designImageKind,
  url: z.string(),
  /** Its place in the design's result list (0 = the newest result shown first); null for the original. */
  position: z.number().int().nullable(),
  saved: z.boolean(),
  name: z.string().nullable(),
  roomType: z.string().nullable(),
  notes: z.string().nullable(),
  fidelityScore: z.number().nullable(),
  /** Null until the vision engine has listed the image's items. */
  items: z.array(shoppableItem).nullable(),
  /** A refinement made with 'Change only here': its painted area (a mask PNG of the image's size, white = changed). */
  maskUrl: z.string().optional(),
  createdAt: z.string(),
});
export type DesignImage = z.infer<typeof designImage>;

/**
 * The spec's room design record (docs/product-rules.md#design-record), answered by the spec's calls only: built from the design view
 * by the spec adapter (apps/server/src/features/designs/view/spec-design-record.ts, ADR 025).
 */
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
  status: z.enum(workStatuses),
  error: z.string().nullable(),
  fidelityScores: z.array(z.number()),
  fidelityFlags: z.array(z.boolean()),
  /** Every image of the record by its URL (an addition to the spec's record). */
  images: z.record(z.string(), imageInfo).optional(),
  /** Every image of the record, addressed by its id: the original, then the results in the spec's order (an addition to the spec's record). */
  designImages: z.array(designImage),
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

/** PATCH /api/designs/{id}/images/{imageId}: changes only the fields sent, of that one image. */
export const designImageParams = z.object({ id: z.string().min(1).max(64), imageId: designImageId });
export const updateDesignImageBody = z
  .object({
    saved: z.boolean(),
    name: z.string().trim().max(200).nullable(),
    roomType: z.string().trim().max(100).nullable(),
    notes: z.string().max(2000).nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
export type UpdateDesignImageBody = z.infer<typeof updateDesignImageBody>;

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
export const myDesignsQuery = roomDesignsQuery.extend({ scope: z.enum(designListScopes).default('saved') });
export const myDesignsAnswer = paginationInfo.extend({ result: z.array(myDesignRecord), error: z.string().nullable() });
export type MyDesignsAnswer = z.infer<typeof myDesignsAnswer>;

/** DELETE /api/room-designs/{id}: what was deleted (the image, or the whole design when it was the last one). */
export const deleteDesignAnswer = z.object({ message: z.string(), deleted: z.enum(['design', 'image']) });
/** DELETE /api/designs/{id}/images/{imageId} */
export const deleteDesignImageAnswer = deleteDesignAnswer;

/** PATCH /api/room-designs/update/{id}: the spec's whole-map save answers the record; the public toggle answers { design }. */
export const updateDesignAnswer = z.union([roomDesign, z.object({ design: roomDesign })]);
