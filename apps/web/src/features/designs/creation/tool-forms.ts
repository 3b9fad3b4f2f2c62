import { furnitureItem } from '@rv/contracts/api/creation';
import { DESIGN_UPLOAD_LIMITS, KITCHEN_CATEGORIES } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import type { DesignTool } from '@rv/contracts/pages';
import type { Routes } from '@rv/contracts/routes/routes';
import type { FiveSteps } from '@/components/ui/step-progress';

/**
 * The two design tools' forms as data (docs/product-rules.md#tool-forms): one form (components/tool-form.tsx) and one request (api/create-design.ts) read everything that
 * differs between them from here: their fields and multipart names, limits, texts, rules and endpoint.
 * Every tool form has the same four parts: the required photo of the room, photos of items each with a
 * few words, inspiration photos, and free text; the Furnishing form adds its advanced choice.
 */

/** The catalogue entries the tools' forms are sent to. */
export type ToolCall = 'createRoomDesign' | 'createKitchenBathroomDesign';
/**
 * A field name of a tool's multipart body as the catalogue declares it (routes.<call>.multipart): a
 * name the server does not read fails to compile here.
 */
export type FormField<Call extends ToolCall = ToolCall> = Call extends ToolCall ? keyof Routes[Call]['multipart'] & string : never;

/** A drop zone of photos, sent as the multipart field `field`. */
export interface PhotoZone<Call extends ToolCall = ToolCall> {
  field: FormField<Call>;
  /** The file input's id. */
  id: string;
  label: string;
  hint: string;
  /** How many photos it takes; 1 is a single-photo zone (a new pick replaces the photo). */
  max: number;
}

/** A field typed (or chosen) beside each item photo. */
export interface ItemField {
  key: string;
  label: (itemNumber: number) => string;
  /** Free text; or, with `options`, a choice among them. */
  options?: readonly string[];
  empty: string;
  placeholder?: string;
  maxLength?: number;
  /** Required: shows its length against ITEM_DESCRIPTION_MAX, marked invalid when the item is. */
  counted?: boolean;
}

export interface TextField<Call extends ToolCall = ToolCall> {
  field: FormField<Call>;
  id: string;
  label: string;
  hint: string;
  maxLength: number;
}

/** A required choice with an optional text that shows for one answer (the Furnishing form's architecture). */
export interface AdvancedChoice<Call extends ToolCall = ToolCall> {
  title: string;
  note: string;
  field: FormField<Call>;
  legend: string;
  help: string;
  options: readonly { value: string; label: string }[];
  /**
   * The answer the form gives until its person picks another (shown picked, folded or not), so a first
   * press never fails on a question inside a closed box; `missing` is then only the server's word.
   */
  answered: string;
  /** What the folded box says of the current answer, beside its title. */
  summary: (answer: string) => string;
  missing: string;
  details: TextField<Call> & { shownFor: string };
}

/** The form's texts with its advanced choice answered as it shows (its default until another is picked). */
export function withAnswer(form: ToolFormSpec, texts: Record<string, string>): Record<string, string> {
  const { advanced } = form;
  return advanced && !texts[advanced.field] ? { ...texts, [advanced.field]: advanced.answered } : texts;
}

export interface ToolFormSpec<Call extends ToolCall = ToolCall> {
  tool: DesignTool;
  /** The catalogue entry the form is sent to. */
  call: Call;
  title: string;
  intro: string;
  loading: { title: string; steps: FiveSteps };
  photo: PhotoZone<Call> & {
    section: string;
    /**
     * The message when it is missing at submit; without one, the submit button waits for the photo
     * (aria-disabled, still pressable so that a press before hydration is kept; a press only focuses the photo).
     */
    missing?: string;
    /** Shown under the unavailable submit button while the photo is missing. */
    waitHint?: string;
    tutorial: boolean;
    guide: boolean;
  };
  items: PhotoZone<Call> & {
    section: string;
    intro: string;
    /** The multipart field listing each item's texts (JSON), in the order of the files. */
    dataField: FormField<Call>;
    idPrefix: string;
    fields: readonly ItemField[];
    layout: 'stacked' | 'side-by-side';
    /** When each item's texts are valid, and the message when one is not. */
    rule?: { valid: (texts: Record<string, string>) => boolean; message: string };
  };
  inspiration: PhotoZone<Call> & { section: string; intro: string };
  notes: { section: string; fields: readonly TextField<Call>[] };
  advanced?: AdvancedChoice<Call>;
  /**
   * The submit button: its label on one line down to a 320 px phone, where its type shrinks with the
   * viewport if it would not fit at 18 px. Each divisor is the label's width in em in DejaVu Sans semibold
   * (the widest font the stack falls back to) plus a little; 3.5rem is the page's and the button's side padding.
   */
  submit: { id: string; text: string; textSize: string };
  /** What a created design is greeted with (a toast), if anything, on its way to its results page. */
  createdToast?: string;
  /** How a failure is told: a toast with the server's words as its description, or an alert. */
  failure: { toast: string } | { alert: (message: string) => string };
}

export const furnishingForm: ToolFormSpec<'createRoomDesign'> = {
  tool: 'furnishing',
  call: 'createRoomDesign',
  title: 'Furnishing & Decorating',
  intro: "Upload your room, add the pieces you love, and we'll design it around them while keeping your walls, windows and doors.",
  loading: {
    title: 'Creating your room makeover',
    steps: ['Analysing your room', 'Planning the layout', 'Placing your pieces', 'Lighting and materials', 'Final touches'],
  },
  photo: {
    section: '1. Your room',
    field: 'roomPhoto',
    id: 'room-photo',
    label: 'Room photo',
    hint: 'Required. One clear photo of the room as it is today: JPG, PNG or WebP, under 10MB.',
    max: DESIGN_UPLOAD_LIMITS.roomPhoto,
    missing: messages.validation.roomPhotoRequired,
    tutorial: true,
    guide: true,
  },
  items: {
    section: '2. Furniture & decor',
    intro: 'Photos of pieces you own or want to buy. Describe each one and, if you like, say where it goes.',
    field: 'furniturePhotos',
    id: 'furniture-photos',
    label: 'Furniture & decor photos',
    hint: `Up to ${DESIGN_UPLOAD_LIMITS.furniturePhotos} photos.`,
    max: DESIGN_UPLOAD_LIMITS.furniturePhotos,
    dataField: 'furnitureData',
    idPrefix: 'item',
    fields: [
      { key: 'description', label: (n) => `Item ${n} description *`, empty: '', placeholder: 'e.g. Green velvet sofa', counted: true },
      {
        key: 'placement',
        label: (n) => `Item ${n} placement (optional)`,
        empty: '',
        placeholder: 'e.g. Against the back wall, under the window',
        maxLength: 200,
      },
    ],
    layout: 'stacked',
    rule: { valid: (texts) => furnitureItem.safeParse(texts).success, message: messages.validation.itemDescriptionsRequired },
  },
  inspiration: {
    section: '3. Inspiration',
    intro: 'Rooms you love: we take the mood, colours and materials from them.',
    field: 'conceptPhotos',
    id: 'concept-photos',
    label: 'Inspiration photos',
    hint: `Up to ${DESIGN_UPLOAD_LIMITS.conceptPhotos} photos.`,
    max: DESIGN_UPLOAD_LIMITS.conceptPhotos,
  },
  notes: {
    section: '4. Your style',
    fields: [
      {
        field: 'styleDescription',
        id: 'style-description',
        label: 'Style',
        hint: 'For example: warm Japandi with light oak, linen and soft greens.',
        maxLength: 2000,
      },
      {
        field: 'additionalSuggestions',
        id: 'additional-suggestions',
        label: 'Anything else',
        hint: 'Anything we should keep, avoid or add.',
        maxLength: 4000,
      },
    ],
  },
  advanced: {
    title: 'Architectural Changes',
    note: '(advanced)',
    field: 'architecturalChanges',
    legend: 'Should we change the architecture: walls, windows, doors, ceiling or built-ins? *',
    help: 'Choose No to keep your room exactly as built.',
    options: [
      { value: 'no', label: 'No' },
      { value: 'yes', label: 'Yes' },
    ],
    answered: 'no',
    summary: (answer) => (answer === 'yes' ? 'Yes: changes described below' : 'No: your room stays as built'),
    missing: messages.validation.architecturalChangesRequired,
    details: {
      shownFor: 'yes',
      field: 'architecturalDetails',
      id: 'architectural-details',
      label: 'Describe the architectural changes',
      hint: 'For example: remove the wall between the kitchen and the living room.',
      maxLength: 2000,
    },
  },
  submit: {
    id: 'create-room-makeover',
    text: 'Create My Room Makeover',
    textSize: 'text-[length:min(1.125rem,calc((100vw_-_3.5rem)/15.6))]',
  },
  createdToast: messages.tools.designComplete,
  failure: { toast: messages.tools.processDesignFailed },
};

export const kitchenBathroomForm: ToolFormSpec<'createKitchenBathroomDesign'> = {
  tool: 'kitchen-bathroom',
  call: 'createKitchenBathroomDesign',
  title: 'Kitchen & Bathroom Redesign',
  intro: 'New cabinetry, counters, tile and fixtures for a kitchen, bathroom, laundry, mudroom or powder room, in your real space.',
  loading: {
    title: 'Creating your kitchen & bathroom design',
    steps: ['Analysing your space', 'Mapping the surfaces', 'Applying your finishes', 'Lighting and materials', 'Final touches'],
  },
  photo: {
    section: '1. Your space',
    field: 'spacePhoto',
    id: 'space-photo',
    label: 'Space photo',
    hint: 'Required. Tip: shoot one clear, straight-on view of the whole space, well lit and in landscape.',
    max: DESIGN_UPLOAD_LIMITS.spacePhoto,
    waitHint: 'Add a photo of your space to continue.',
    tutorial: false,
    guide: false,
  },
  items: {
    section: '2. Finishes & fixtures',
    intro: 'Tiles, counters, taps, handles, lights: add a photo of each and tell us where it goes.',
    field: 'finishesFixtures',
    id: 'finishes-fixtures',
    label: 'Finishes & fixtures photos',
    hint: `Up to ${DESIGN_UPLOAD_LIMITS.finishesFixtures} photos.`,
    max: DESIGN_UPLOAD_LIMITS.finishesFixtures,
    dataField: 'finishesData',
    idPrefix: 'finish',
    fields: [
      { key: 'label', label: (n) => `Item ${n} description`, empty: '', placeholder: 'e.g. White zellige tile', maxLength: 200 },
      { key: 'category', label: (n) => `Item ${n}: where it goes`, empty: 'Other', options: KITCHEN_CATEGORIES },
    ],
    layout: 'side-by-side',
  },
  inspiration: {
    section: '3. Inspiration',
    intro: 'Kitchens or bathrooms you love: we take the mood, colours and materials from them.',
    field: 'inspirationPhotos',
    id: 'inspiration-photos',
    label: 'Inspiration photos',
    hint: `Up to ${DESIGN_UPLOAD_LIMITS.inspirationPhotos} photos.`,
    max: DESIGN_UPLOAD_LIMITS.inspirationPhotos,
  },
  notes: {
    section: '4. Final notes',
    fields: [
      {
        field: 'additionalRequests',
        id: 'additional-requests',
        label: 'Anything else',
        hint: 'For example: keep the window, warm brass fixtures, no open shelving.',
        maxLength: 4000,
      },
    ],
  },
  submit: {
    id: 'generate-kitchen-bathroom-design',
    text: 'Generate Kitchen & Bathroom Design',
    textSize: 'text-[length:min(1.125rem,calc((100vw_-_3.5rem)/21.6))]',
  },
  failure: { alert: messages.tools.kitchenError },
};

/** The id of an item's field (`item-<id>-description`, `finish-<id>-category`). */
export const itemFieldId = (form: ToolFormSpec, itemId: string, key: string) => `${form.items.idPrefix}-${itemId}-${key}`;

/** What a filled tool form sends: the files, and the text of every field by its multipart name. */
export interface ToolFormValues {
  photo: File;
  items: { file: File; texts: Record<string, string> }[];
  inspiration: File[];
  /** The free-text fields and the advanced choice (with its details, empty unless shown), by multipart name. */
  texts: Record<string, string>;
  /** Leave the saved StyleLens out of this one design when false. */
  useStyleLens: boolean;
  /** Whole home, one look (issue 49): the look, the home, more photos of the room. */
  home?: { lookId?: string; homeId?: string; roomType?: string; morePhotos: File[] };
}

/** Which fields are wrong, in the order the form reads; the first one's message is told and focused. */
export interface ToolFormProblems {
  photo?: string;
  items?: string;
  invalidItems: string[];
  advanced?: string;
}

export const noProblems: ToolFormProblems = { invalidItems: [] };

/** The spec's rules (docs/product-rules.md#tool-forms) for a form's current state. */
export function problemsOf(
  form: ToolFormSpec,
  state: { hasPhoto: boolean; items: { id: string; texts: Record<string, string> }[]; texts: Record<string, string> },
): ToolFormProblems {
  const rule = form.items.rule;
  const invalidItems = rule ? state.items.filter((item) => !rule.valid(item.texts)).map((item) => item.id) : [];
  return {
    photo: !state.hasPhoto ? form.photo.missing : undefined,
    items: rule && invalidItems.length > 0 ? rule.message : undefined,
    invalidItems,
    advanced: form.advanced && !withAnswer(form, state.texts)[form.advanced.field] ? form.advanced.missing : undefined,
  };
}
