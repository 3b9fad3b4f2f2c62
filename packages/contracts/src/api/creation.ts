import { z } from 'zod';
import {
  REFINE_MASK,
  DESIGN_UPLOAD_LIMITS,
  FURNITURE_TYPES,
  ITEM_DESCRIPTION_MAX,
  KITCHEN_CATEGORIES,
  PRICE_RANGES,
  FORM_ROOM_TYPES,
  KITCHEN_BATHROOM_ROOM_TYPES,
  MORE_ROOM_PHOTOS,
  STORE_CATEGORIES,
  STORE_COUNTRIES,
} from '../constants';
import { messages } from '../messages';
import { refineScopes } from '../domain';
import { defineMultipart, file, json, text } from '../multipart';

/** GET /api/check-tool-access */
export const toolAccessAnswer = z.object({ hasAccess: z.boolean() });

export const furnitureItem = z.object({
  description: z
    .string()
    .trim()
    .min(1, messages.validation.itemDescriptionsRequired)
    .max(ITEM_DESCRIPTION_MAX, messages.validation.itemDescriptionsRequired),
  placement: z.string().trim().max(200).optional().default(''),
});

export const MORE_PHOTOS_TOO_MANY = 'You can give up to 4 photos of one room.';

export const ROOM_TYPE_NOT_LISTED = 'Please choose the room from the list.';
const roomTypeField = (types: readonly { value: string }[]) =>
  text(
    z
      .string()
      .optional()
      .refine((value) => !value || types.some((type) => type.value === value), ROOM_TYPE_NOT_LISTED),
  );

const photosLimit = (max: number, what: string) => `You can add up to ${max} ${what}.`;

/** POST /api/room-design: the Furnishing form; furnitureData lists the items in furniturePhotos' order. */
export const roomDesignForm = defineMultipart({
  styleDescription: text(z.string().max(2000).optional().default('')),
  additionalSuggestions: text(z.string().max(4000).optional().default('')),
  architecturalChanges: text(z.enum(['no', 'yes'], { error: messages.validation.architecturalChangesRequired })),
  architecturalDetails: text(z.string().max(2000).optional().default('')),
  furnitureData: json(z.array(furnitureItem).max(DESIGN_UPLOAD_LIMITS.furniturePhotos).default([])),
  /** Leave the saved StyleLens out of this one design when false. */
  useStyleLens: json(z.boolean().default(true)),
  /** Whole home, one look (issue 49): the look to carry, the home the design goes to, more photos of the same room. */
  lookId: text(z.string().max(64).optional()),
  homeId: text(z.string().max(64).optional()),
  roomType: roomTypeField(FORM_ROOM_TYPES),
  morePhotos: file({ max: MORE_ROOM_PHOTOS, tooMany: MORE_PHOTOS_TOO_MANY }),
  roomPhoto: file({ max: DESIGN_UPLOAD_LIMITS.roomPhoto, required: messages.validation.roomPhotoRequired }),
  furniturePhotos: file({
    max: DESIGN_UPLOAD_LIMITS.furniturePhotos,
    tooMany: photosLimit(DESIGN_UPLOAD_LIMITS.furniturePhotos, 'furniture & decor photos'),
  }),
  conceptPhotos: file({
    max: DESIGN_UPLOAD_LIMITS.conceptPhotos,
    tooMany: photosLimit(DESIGN_UPLOAD_LIMITS.conceptPhotos, 'inspiration photos'),
  }),
});
export const roomDesignAnswer = z.object({ designId: z.string().optional(), error: z.string().optional() });

export const finishItem = z.object({
  label: z.string().trim().max(200),
  category: z.enum(KITCHEN_CATEGORIES),
});
/** POST /api/kitchen-bathroom-design: finishesData lists the items in finishesFixtures' order. */
export const kitchenBathroomForm = defineMultipart({
  finishesData: json(z.array(finishItem).max(DESIGN_UPLOAD_LIMITS.finishesFixtures).default([])),
  additionalRequests: text(z.string().max(4000).optional().default('')),
  useStyleLens: json(z.boolean().default(true)),
  /** Whole home, one look (issue 49): the look to carry, the home the design goes to, more photos of the same room. */
  lookId: text(z.string().max(64).optional()),
  homeId: text(z.string().max(64).optional()),
  roomType: roomTypeField(KITCHEN_BATHROOM_ROOM_TYPES),
  morePhotos: file({ max: MORE_ROOM_PHOTOS, tooMany: MORE_PHOTOS_TOO_MANY }),
  spacePhoto: file({ max: DESIGN_UPLOAD_LIMITS.spacePhoto, required: 'Please upload a photo of your space.' }),
  finishesFixtures: file({
    max: DESIGN_UPLOAD_LIMITS.finishesFixtures,
    tooMany: photosLimit(DESIGN_UPLOAD_LIMITS.finishesFixtures, 'finish & fixture photos'),
  }),
  inspirationPhotos: file({
    max: DESIGN_UPLOAD_LIMITS.inspirationPhotos,
    tooMany: photosLimit(DESIGN_UPLOAD_LIMITS.inspirationPhotos, 'inspiration photos'),
  }),
});
export const kitchenBathroomAnswer = z.object({ success: z.boolean(), designId: z.string().optional(), error: z.string().optional() });

/** POST /api/claim-results */
export const claimResultsBody = z.object({ designId: z.string().min(1).max(64) });
export const claimResultsAnswer = z.object({ creditsRemaining: z.number().int().optional(), error: z.string().optional() });

/** POST /api/room-design/fix-room */
export const fixRoomBody = z.object({ designId: z.string().min(1).max(64) });
export const fixRoomAnswer = z.object({ generatedImageUrls: z.array(z.string()), visualizerFilename: z.string() });

/** GET /api/room-design/refine/{designId}?tweak&iteration&feedback&active_url (SSE) */
export const refineQuery = z.object({
  tweak: z.enum(refineScopes).default('tweak'),
  iteration: z.coerce.number().int().min(0).default(0),
  feedback: z.string().trim().min(1, messages.validation.feedbackRequired).max(1000),
  active_url: z.string().max(2000).optional(),
  /** 'Change only here': the key the upload answered as `maskKey` (the painted area of the image refined). */
  mask: z.string().max(300).optional(),
});
export const refineCompleteEvent = z.object({ refinedImageUrl: z.string(), visualizerFilename: z.string() });
export const refineErrorEvent = z.object({ details: z.string() });

/** POST /api/room-share */
export const roomShareBody = z.object({ roomDesignId: z.string().min(1).max(64), userComment: z.string().max(1000).optional() });
/** POST /api/design-feedback */
export const designFeedbackBody = z.object({
  roomDesignId: z.string().min(1).max(64),
  isHelpful: z.boolean(),
  feedbackText: z.string().max(2000).nullable(),
});

/** GET /api/stores/search */
export const storeSearchQuery = z.object({
  country: z.enum(STORE_COUNTRIES),
  priceRange: z.enum(PRICE_RANGES),
  selectedCategory: z.enum(STORE_CATEGORIES),
  selectedSubCategory: z.enum(FURNITURE_TYPES).optional(),
  /** An item of the design (or typed by the user): each store with a search page gets a link searching it for the item. */
  item: z.string().trim().min(1).max(120).optional(),
});
export const store = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  price: z.string(),
  comments: z.string(),
  ourPicks: z.boolean(),
  link: z.string(),
  /** With `item`: the store's own search page for it ('Search <store> for <item>'); null without an item or a search page. */
  searchUrl: z.string().nullable(),
  searchLabel: z.string().nullable(),
});
export type Store = z.infer<typeof store>;
export const storeSearchAnswer = z.object({ stores: z.array(store) });

/** GET /api/stores/country: where the shop dialog starts, from the profile's location or else the caller's address; null outside the four. */
export const storeCountryAnswer = z.object({ country: z.enum(STORE_COUNTRIES).nullable() });
export const refineStartEvent = z.object({ taskId: z.string() });
export const refineStatusEvent = z.object({ message: z.string() });
/**
 * POST /api/room-design/refine/upload (multipart: designId, tweak files; for 'Change only here' also
 * active_url, the image painted on, and its mask: a `mask` file, a PNG of that image's size, white or
 * opaque where it may change, or the text field `maskRle` in the run-length form below). Answers the
 * pending tweak keys and, with a mask, the `maskKey` the refinement stream then names as `mask`.
 */
/**
 * POST /api/room-design/refine/upload: tweak photos for the design's next refinement, and for 'Change
 * only here' the painted area (a PNG `mask`, or `maskRle`) of the image `active_url` names.
 */
export const tweakUploadForm = defineMultipart({
  designId: text(z.string().max(64).default('')),
  active_url: text(z.string().max(2000).optional()),
  maskRle: text(z.string().optional()),
  tweak: file({ max: DESIGN_UPLOAD_LIMITS.tweak, tooMany: photosLimit(DESIGN_UPLOAD_LIMITS.tweak, 'tweak photos') }),
  mask: file({ max: 1 }),
});
export const tweakUploadAnswer = z.object({ message: z.string(), tweakKeys: z.array(z.string()), maskKey: z.string().optional() });

/**
 * The compact run-length form of a mask: `<width>x<height>:<runs>`, the runs' lengths in pixels, row
 * after row from the top left, alternating between kept and painted and starting with kept (a first
 * run of 0 when the first pixel is painted); the runs add up to width x height. `8x2:3,2,6,2,3` paints
 * a 2 x 2 square in the middle of an 8 x 2 image.
 */
export const refineMaskRle = z
  .string()
  .max(REFINE_MASK.maxRleChars, messages.refineMask.unreadable)
  .regex(/^\d{1,5}x\d{1,5}:\d+(,\d+)*$/, messages.refineMask.unreadable);
