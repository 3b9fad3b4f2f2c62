import { z } from 'zod';
import { DESIGN_UPLOAD_LIMITS } from '../constants';
import {
  designListScopes,
  designTools,
  refineScopes,
  scoredImageKinds,
  unfailedStatuses,
  type ResultImageKind,
  type WorkStatus,
} from '../domain';
import { messages } from '../messages';
import { DOWNLOAD_FORMATS } from '../images';
import { defineMultipart, file, text } from '../multipart';
import { paginationInfo } from './common';
import { designImageId, imageInfo, shoppableItem } from './designs';
import { consistency, lookColour } from './look';

/** A design's look as its page shows it (to anyone who may see the design: measured facts, no words of the owner's). */
const designLook = z.object({
  roomWords: z.string(),
  palette: z.array(lookColour),
  materials: z.array(z.string()),
  forms: z.array(z.string()),
  mood: z.string(),
  pieces: z.array(z.string()),
});

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

/** What every result image carries, whatever its kind (in the wire's order: before and after the kind's own fields). */
const imageHead = { id: designImageId };
const imageLabels = {
  saved: z.boolean(),
  name: z.string().nullable(),
  roomType: z.string().nullable(),
  notes: z.string().nullable(),
};
/** Null until the vision engine has listed the image's items. */
const imageItems = { items: z.array(shoppableItem).nullable() };
const imageTail = {
  createdAt: z.string(),
  /** Which photo of the room it redesigns: 0 the room photo, n the nth of `morePhotos` (issue 49). */
  photo: z.number().int().optional(),
};

/** A generated image or a Fix Room result. */
export const scoredViewImage = viewPicture.extend({
  ...imageHead,
  kind: z.enum(scoredImageKinds),
  ...imageLabels,
  /** Architecture fidelity against the room photo (0..1); null for an image stored before it was scored. */
  fidelityScore: z.number().nullable(),
  /** True when the architecture drifted (Fix Room is offered). */
  flagged: z.boolean(),
  ...imageItems,
  /** Only a refinement has a number ('Refined #n'). */
  refinement: z.null(),
  ...imageTail,
});
export type ScoredViewImage = z.infer<typeof scoredViewImage>;

/** A refinement (Tweak or Transform, of the whole image or of a painted area). */
export const refinedViewImage = viewPicture.extend({
  ...imageHead,
  kind: z.literal('refined'),
  ...imageLabels,
  /** A masked refinement's architecture fidelity, scored outside the painted area (0..1); null for a whole-image one. */
  fidelityScore: z.number().nullable(),
  /** True when the architecture outside the painted area drifted. */
  flagged: z.boolean(),
  ...imageItems,
  /** 'Change only here': its painted area (a mask PNG of the image's size, white = changed); absent for a whole-image refinement. */
  maskUrl: z.string().optional(),
  /** Its number, the oldest 1 ('Refined #n'). */
  refinement: z.number().int(),
  ...imageTail,
});
export type RefinedViewImage = z.infer<typeof refinedViewImage>;

/** One result image of a design, by its kind. */
export const viewImage = z.discriminatedUnion('kind', [scoredViewImage, refinedViewImage]);
export type ViewImage = z.infer<typeof viewImage>;

/** PATCH /api/designs/{id}/images/{imageId}: the image as changed. */
export const designImageAnswer = z.object({ image: viewImage });

const designHead = { id: z.string(), tool: z.enum(designTools) };
const designTail = {
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
  /** More photos of the same room (issue 49): each has its result. */
  morePhotos: z.array(viewPicture).optional(),
  /** Made with a look taken from another result: the look's measured palette, materials, forms, pieces and mood. */
  look: designLook.nullable().optional(),
  /** How close it came to that look (null before it is measured, or without a look). */
  consistency: consistency.nullable().optional(),
  /**
   * What the engine did not do of the request ("The local preview engine cannot add a bookshelf; a real engine
   * would."): the owner's words, so the owner's view only (empty for anyone else).
   */
  engineNotes: z.array(z.string()).optional(),
};

/** A design, by where it stands: a failed one says why (`error`), any other has no error (null). */
export const designView = z.discriminatedUnion('status', [
  z.object({ ...designHead, status: z.enum(unfailedStatuses), error: z.null(), ...designTail }),
  z.object({ ...designHead, status: z.literal('failed'), error: z.string(), ...designTail }),
]);
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

/** GET /api/designs/{id}/images/{imageId}/download: the image (ORIGINAL_PHOTO_ID for the room photo) as an attachment. */
export const designImageFileParams = z.object({ id: z.string().min(1).max(64), imageId: designImageId });

export const designImageDownloadQuery = z.object({ format: z.enum(DOWNLOAD_FORMATS).optional() });

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

/** A design started by our web app (ADR 066): answered at once; its events follow the job that makes it. */
export const designStartedAnswer = z.object({ designId: z.string() });
/** GET /api/designs/{id}/events (SSE): the events of the design being made (start, status, complete, error). */
export const designStartEvent = z.object({ designId: z.string() });
export const designCompleteEvent = z.object({ designId: z.string() });
/**
 * The last event of a stream whose server is stopping (ADR 066): the stream ends after it, and the browser
 * reconnects (after the SSE `retry:` sent with it) to the same URL, served by another process.
 */
export const reconnectEvent = z.object({ retryMs: z.number() });
/** POST /api/designs/{id}/fixes: a Fix Room run started; its task is followed like a refinement's. */
export const fixStartedAnswer = z.object({ taskId: z.string() });

/** Every kind of result and every status has its shape here, and no shape names one the vocabularies lack. */
type SameValues<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const everyKindAndStatusHasAShape: [SameValues<ViewImage['kind'], ResultImageKind>, SameValues<DesignView['status'], WorkStatus>] = [
  true,
  true,
];
