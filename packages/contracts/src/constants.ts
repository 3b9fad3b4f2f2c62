/** Business constants and limits of the product spec, section 9. */
export const PLAN = {
  name: 'Room Visualizer Pro',
  badge: 'Beta Launch Special',
  priceUsd: 12,
  interval: 'month',
  transformationsPerMonth: 30,
} as const;

export const PLAN_FEATURES = [
  '30 room transformations per month',
  'Expert-guided prompts',
  'High-resolution downloads',
  'Unlimited refinements',
  'Furnishing & decorating tool',
  'Kitchen & bathroom tool',
  'Furniture shopping recommendations',
  'Cancel anytime',
] as const;
/** The how-it-works pricing card shows the same features without the shopping item. */
export const SHOPPING_FEATURE = 'Furniture shopping recommendations';

export const DEFAULT_TRANSFORMATIONS_LIMIT = 30;
export const DESIGNS_PAGE_SIZE = 6;

export const TIMEOUTS_MS = {
  designsList: 5 * 60_000,
  saveDesign: 5 * 60_000,
  updateDesign: 5 * 60_000,
  fixRoom: 5 * 60_000,
  createDesign: 10 * 60_000,
  styleLensAnalysis: 10 * 60_000,
} as const;

export const UPLOAD = {
  maxBytes: 10 * 1024 * 1024,
  extensions: ['jpeg', 'jpg', 'png', 'webp'],
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

/**
 * How many photos each upload takes: the browser's drop zones stop there, and the server refuses a
 * request with more (per field, not only in total). Furniture items and finishes are also the maxima
 * of furnitureData and finishesData (api/creation.ts).
 */
export const DESIGN_UPLOAD_LIMITS = {
  roomPhoto: 1,
  furniturePhotos: 10,
  conceptPhotos: 5,
  spacePhoto: 1,
  finishesFixtures: 12,
  inspirationPhotos: 5,
  /** Refine: photos of what the person wants. */
  tweak: 3,
} as const;

/**
 * 'Change only here': the painted area a refinement may change (ADR 022). The mask is a PNG of the base
 * image's size (white or opaque = may change; black or transparent = keep) or the run-length form
 * `refineMaskRle` declares; the painted share must lie between `minShare` and `maxShare`. The server
 * composites the engine's pixels inside it with an edge feathered over `featherPx` pixels.
 */
export const REFINE_MASK = {
  minShare: 0.001,
  maxShare: 0.95,
  featherPx: 4,
  /** The longest run-length text accepted (the multipart field limit is 64 KB). */
  maxRleChars: 60_000,
} as const;

export const ITEM_DESCRIPTION_MAX = 50;
export const PASSWORD_MIN = 8;
/** The longest password accepted (a password is hashed; a longer one is refused, not cut). */
export const PASSWORD_MAX = 128;
/** Screenshots one bug report may carry (`trails`). */
export const BUG_REPORT_MAX_FILES = 5;
export const STYLE_LENS = { minPhotos: 5, maxPhotos: 10, markers: [3, 6, 10], paletteSwatches: 4 } as const;

/**
 * The landing's carousel. The spec asks for 6 sample rooms; only 2 are real photographs with a clear licence
 * (docs/images/SOURCES.md), and a drawing never stands beside the promise "look like photographs" (issue 51).
 */
export const CAROUSEL = { rooms: 2, intervalMs: 4_000, pauseAfterClickMs: 8_000 } as const;
export const SIGN_IN_LINK_TTL_MS = 10 * 60_000;
export const GRID_FORCED_BELOW_PX = 768;

/** Loading progress animation: five steps at 0, 3, 6, 9 and 12 seconds. */
export const LOADING_STEPS = [
  { atMs: 0, widthPercent: 20 },
  { atMs: 3_000, widthPercent: 40 },
  { atMs: 6_000, widthPercent: 60 },
  { atMs: 9_000, widthPercent: 80 },
  { atMs: 12_000, widthPercent: 100 },
] as const;

export const GENERATION_TIME_TEXT = {
  design: 'about 1-2 minutes',
  refinement: '1-2 minutes',
  fixRoom: 'up to a minute',
} as const;

/** What the local stand-in engine takes (3-15 s measured on a busy 2-core machine): the waits it is told. */
export const LOCAL_ENGINE_TIME_TEXT = 'about 5-20 seconds';

/** How long a design takes on the image engine in use (the site config's imageEngine). */
export function designWait(imageEngine: string): string {
  return imageEngine === 'local' ? LOCAL_ENGINE_TIME_TEXT : GENERATION_TIME_TEXT.design;
}

/** How long a refinement takes on the image engine in use. */
export function refinementWait(imageEngine: string): string {
  return imageEngine === 'local' ? LOCAL_ENGINE_TIME_TEXT : `about ${GENERATION_TIME_TEXT.refinement}`;
}

export const ROOM_TYPES = [
  { value: 'living-room', label: 'Living Room' },
  { value: 'bedroom', label: 'Bedroom' },
  { value: 'home-office', label: 'Home Office' },
  { value: 'dining-room', label: 'Dining Room' },
  { value: 'kitchen', label: 'Kitchen' },
  { value: 'bathroom', label: 'Bathroom' },
  { value: 'other', label: 'Other' },
] as const;

/**
 * Which room a design is (issue 49), from the spec's room-type list without Other: a home names its rooms by
 * it and a look's consistency says it ("Matches your living room closely"). Optional; the Kitchen & Bathroom
 * form offers its two.
 */
export const FORM_ROOM_TYPES = ROOM_TYPES.filter((type) => type.value !== 'other');
export const KITCHEN_BATHROOM_ROOM_TYPES = ROOM_TYPES.filter((type) => type.value === 'kitchen' || type.value === 'bathroom');

/** A room is given as 1-4 photos from different angles: the room photo and up to three more (ADR 065). */
export const MORE_ROOM_PHOTOS = 3;

/** The longest name a home may have. */
export const HOME_NAME_MAX = 80;

export const KITCHEN_CATEGORIES = [
  'Cabinetry',
  'Countertops',
  'Backsplash',
  'Flooring',
  'Handles/Knobs',
  'Walls',
  'Fixtures',
  'Lighting',
  'Other',
] as const;

export const STORE_COUNTRIES = ['USA', 'UK', 'Canada', 'Australia'] as const;
export const PRICE_RANGES = ['$ Budget', '$$ Mid-range', '$$$ Premium', '$$$$ Luxury'] as const;
/**
 * The currency each directory country's stores sell in. The price tiers' values stay the spec's ('$$ Mid-range');
 * what a person reads is in the stores' own currency ('££ Mid-range' in the UK).
 */
export const STORE_CURRENCY = {
  USA: { code: 'USD', symbol: '$' },
  UK: { code: 'GBP', symbol: '£' },
  Canada: { code: 'CAD', symbol: '$' },
  Australia: { code: 'AUD', symbol: '$' },
} as const satisfies Record<(typeof STORE_COUNTRIES)[number], { code: string; symbol: string }>;
/** A price tier as read in a country's currency: '$$ Mid-range' is '££ Mid-range' in the UK. */
export const priceInCurrency = (tier: string, country: (typeof STORE_COUNTRIES)[number]): string =>
  tier.replace(/^\$+/, (dollars) => STORE_CURRENCY[country].symbol.repeat(dollars.length));
export const STORE_CATEGORIES = [
  'Furniture',
  'Lighting',
  'Rugs',
  'Decor',
  'Bedding & Pillows',
  'Artwork',
  'Window Treatments',
  'Wallpaper',
  'Outdoor',
  'Tableware',
] as const;
export const FURNITURE_TYPES = ['Sofa', 'Table & Chairs', 'Bed Frame', 'Casegoods & Storage', 'Office', 'Custom/Modular'] as const;

export const SHARE_TARGETS = ['Twitter', 'Facebook', 'WhatsApp', 'Reddit', 'LinkedIn', 'Copy Link', 'Download'] as const;

export const SAMPLE_ROOMS = ['Living Room', 'Dining Room', 'Entryway', 'Living Room', 'Bathroom', 'Kitchen'] as const;
