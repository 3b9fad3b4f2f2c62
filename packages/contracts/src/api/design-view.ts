import { z } from 'zod';
import { DESIGN_UPLOAD_LIMITS } from '../constants';
import { designListScopes, designTools, refineScopes, resultImageKinds, workStatuses } from '../domain';
import { messages } from '../messages';
import { defineMultipart, file, text } from '../routes/multipart';
import { paginationInfo } from './common';
import { designImageId, imageInfo, shoppableItem } from './designs';

/**
 * The design view (ADR 025): a design as our own web app reads it, built from its rows. Each image
 * appears once, addressed by its id; every action on an image (save, rename, delete, download, refine
 * from it) names that id. The spec's position-keyed record is an adapter built from this view, for the
 * spec's calls only (apps/server/src/features/designs/view/spec-design-record.ts).
 */


/** A stored picture as a page shows it: full URL, thumbnail, pixel size, and its srcset when the thumbnail is smaller. */
export const viewPicture = imageInfo.extend({
  url: z.string(),
  /** The thumbnail and the full image as an <img> srcset; absent when the thumbnail is the full image. */
  srcset: z.string().optional(),
});
export type ViewPicture = z.infer<typeof viewPicture>;

/** One result image of a design. */
export const viewImage = viewPicture.extend({
  id: designImageId,
  kind: z.enum(resultImageKinds),
  saved: z.boolean(),
  name: z.string().nullable(),
  roomType: z.string().nullable(),
  notes: z.string().nullable(),
  /** Architecture fidelity against the room photo (0..1); null for refinements. */
  fidelityScore: z.number().nullable(),
  /** True when the architecture drifted (Fix Room is offered). */
  flagged: z.boolean(),
  /** Null until the vision engine has listed the image's items. */
  items: z.array(shoppableItem).nullable(),
  /** A refinement made with 'Change only here': its painted area (a mask PNG of the image's size, white = changed). */
  maskUrl: z.string().optional(),
  /** A refinement's number, the oldest 1 ('Refined #n'); null for the other kinds. */
  refinement: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ViewImage = z.infer<typeof viewImage>;

/** PATCH /api/designs/{id}/images/{imageId}: the image as changed. */
export const designImageAnswer = z.object({ image: viewImage });


export const designView = z.object({
  id: z.string(),
  tool: z.enum(designTools),
  status: z.enum(workStatuses),
  error: z.string().nullable(),
  createdAt: z.string(),
  /** The design analysis (sanitised HTML). */
  analysisHtml: z.string().nullable(),
  /** Anyone with the link may view the results page (read-only). */
  isPublic: z.boolean(),
  /** The design's results page. */
  pagePath: z.string(),
  /** The room photo the design was made from. */
  original: viewPicture,
  /** The results, as the results page orders them: refinements newest first, then generated and Fix Room images. */
  images: z.array(viewImage),
});
export type DesignView = z.infer<typeof designView>;

/** GET /api/designs/{id}: the design for its owner; a public one for anyone (read-only); else 404. */
export const designViewAnswer = z.object({
  design: designView,
  /** True when the viewer may change it (its owner); a visitor or another account reads it only. */
  editable: z.boolean(),
  /** The spec's noSession: nobody is signed in. */
  noSession: z.boolean(),
});
export type DesignViewAnswer = z.infer<typeof designViewAnswer>;

/** GET /api/designs?page&scope: the caller's designs, newest first (saved: with a saved image; all: every finished one). */
export const designListQuery = z.object({
  page: z.coerce.number().int().min(0).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(6),
  scope: z.enum(designListScopes).default('saved'),
});
export const designListAnswer = paginationInfo.extend({ designs: z.array(designView) });
export type DesignListAnswer = z.infer<typeof designListAnswer>;

/** PUT /api/designs/{id}/public */
export const designPublicBody = z.object({ isPublic: z.boolean() });
export const designPublicAnswer = z.object({ isPublic: z.boolean() });

/** GET /api/designs/{id}/images/{imageId}/download: the image ('original' for the room photo) as an attachment. */
export const ORIGINAL_PHOTO_ID = 'original';
export const designImageFileParams = z.object({ id: z.string().min(1).max(64), imageId: designImageId });

/**
 * POST /api/designs/{id}/refinements (multipart): one request carries the whole refinement. Text fields
 * as declared by `refineForm`: up to `tweak` tweak photos and, for 'Change only here', one
 * `mask` PNG of the base image's size (or the text field `maskRle`). Answers the task id (201).
 */
export const TOO_MANY_TWEAK_PHOTOS = `You can add up to ${DESIGN_UPLOAD_LIMITS.tweak} tweak photos.`;
export const refineForm = defineMultipart({
  prompt: text(z.string().trim().min(1, messages.validation.feedbackRequired).max(1000)),
  scope: text(z.enum(refineScopes).default('tweak')),
  /** The result image the refinement starts from. */
  baseImageId: text(designImageId),
  maskRle: text(z.string().optional()),
  tweak: file({ max: DESIGN_UPLOAD_LIMITS.tweak, tooMany: TOO_MANY_TWEAK_PHOTOS }),
  mask: file({ max: 1, tooMany: 'A refinement takes one painted area.' }),
});
export const refinementAnswer = z.object({ taskId: z.string() });

/** GET /api/designs/{id}/refinements/{taskId}/events (SSE): the events of that one refinement. */
export const refinementParams = z.object({ id: z.string().min(1).max(64), taskId: z.string().min(1).max(64) });
export const refinementStartEvent = z.object({ taskId: z.string() });
export const refinementStatusEvent = z.object({ message: z.string() });
export const refinementCompleteEvent = z.object({ imageId: designImageId });
export const refinementErrorEvent = z.object({ details: z.string() });
