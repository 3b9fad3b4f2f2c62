import { findModel, type KnownModel } from '../model-table';

/**
 * The Gemini models we know, keyed by exact id (ADR 021): what each accepts and costs, where that was
 * read and when. A model not here is refused at start in production unless the operator describes it
 * (GEMINI_MAX_INPUT_IMAGES, GEMINI_OUTPUT_SIZE, its prices in ENGINE_PRICES); nothing is guessed from a name.
 */
export interface GeminiImageModelFacts {
  /** Input images one request may carry. */
  maxInputImages: number;
  /** The shapes imageConfig.aspectRatio accepts. */
  aspectRatios: readonly string[];
  /** The imageConfig.imageSize asked for: the largest up to about 2048 px on the long side; null: none is sent (the model's default). */
  imageSize: GeminiOutputSize | null;
}

export type GeminiOutputSize = '1K' | '2K' | '4K';
export const GEMINI_OUTPUT_SIZES: readonly GeminiOutputSize[] = ['1K', '2K', '4K'];

export interface GeminiModel extends KnownModel {
  image?: GeminiImageModelFacts;
}

/** The shapes every Gemini image model takes (Gemini API image generation guide). */
const ASPECT_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'] as const;
/** Nano Banana 2 and 2.1 add the panoramic shapes (changelog, 6 October 2026: 1:4, 4:1, 1:8, 8:1). */
const PANORAMIC_RATIOS = [...ASPECT_RATIOS, '1:4', '4:1', '1:8', '8:1'] as const;

const CHECKED = '2026-11-25';
const CHANGELOG = 'https://ai.google.dev/gemini-api/docs/changelog';
const PRICING = 'https://ai.google.dev/gemini-api/docs/pricing';

export const GEMINI_MODELS: readonly GeminiModel[] = [
  {
    id: 'gemini-nano-banana-2.1',
    aliases: [],
    kind: 'image',
    image: { maxInputImages: 14, aspectRatios: PANORAMIC_RATIOS, imageSize: '2K' },
    // Thinking is billed at the text output rate (Google, discuss.ai.google.dev, for the Gemini 3 image models).
    prices: [
      {
        inputPerMillionTokens: 1.5,
        imageInputPerMillionTokens: 1.5,
        outputPerMillionTokens: 7.5,
        thinkingPerMillionTokens: 7.5,
        imageOutputPerMillionTokens: 30,
      },
    ],
    source: `${CHANGELOG} (6 October 2026: GA, 1K/2K/4K, panoramic shapes); prices and the 14-image cap from integrators (LiteLLM #44983, fal), not found on ${PRICING}`,
    checked: CHECKED,
  },
  {
    id: 'gemini-3.1-flash-image',
    aliases: [],
    kind: 'image',
    image: { maxInputImages: 14, aspectRatios: PANORAMIC_RATIOS, imageSize: '2K' },
    prices: [
      {
        inputPerMillionTokens: 0.5,
        imageInputPerMillionTokens: 0.5,
        outputPerMillionTokens: 3,
        thinkingPerMillionTokens: 3,
        imageOutputPerMillionTokens: 60,
      },
    ],
    deprecation: {
      announced: '2026-10-06',
      replacement: 'gemini-nano-banana-2.1',
      source: `${CHANGELOG} (6 October 2026: deprecated, no shutdown date announced; integrators give 29 October 2026)`,
    },
    source: `${CHANGELOG} (28 May 2026: GA); ${PRICING}`,
    checked: CHECKED,
  },
  {
    id: 'gemini-3-pro-image',
    aliases: [],
    kind: 'image',
    image: { maxInputImages: 14, aspectRatios: ASPECT_RATIOS, imageSize: '2K' },
    prices: [
      {
        inputPerMillionTokens: 2,
        imageInputPerMillionTokens: 2,
        outputPerMillionTokens: 12,
        thinkingPerMillionTokens: 12,
        imageOutputPerMillionTokens: 120,
      },
    ],
    source: `${CHANGELOG} (28 May 2026: GA); ${PRICING} (images $120 per million tokens, read 7 October 2026)`,
    checked: CHECKED,
  },
  {
    id: 'gemini-3.8-flash',
    aliases: [],
    kind: 'text',
    // Output prices include thinking tokens.
    prices: [
      { inputPerMillionTokens: 0.75, outputPerMillionTokens: 3.75, thinkingPerMillionTokens: 3.75, until: '2026-12-31' },
      { inputPerMillionTokens: 1.5, outputPerMillionTokens: 7.5, thinkingPerMillionTokens: 7.5 },
    ],
    source: `${CHANGELOG} (8 October 2026: the named successor of 3.5 and 3.7 Flash); ${PRICING} ($0.75/$3.75 through 31 December 2026, $1.50/$7.50 from 1 January 2027)`,
    checked: CHECKED,
  },
  {
    id: 'gemini-3.5-flash',
    aliases: [],
    kind: 'text',
    prices: [{ inputPerMillionTokens: 1.5, outputPerMillionTokens: 9, thinkingPerMillionTokens: 9 }],
    deprecation: {
      announced: '2026-10-08',
      replacement: 'gemini-3.6-flash or gemini-3.8-flash',
      source: `${CHANGELOG} (8 October 2026: deprecated; its requests are routed to gemini-3.6-flash)`,
    },
    source: PRICING,
    checked: CHECKED,
  },
];

/** The image model when GEMINI_IMAGE_MODEL is not set (ADR 021). */
export const DEFAULT_GEMINI_IMAGE_MODEL = 'gemini-nano-banana-2.1';
/** The text model when GEMINI_TEXT_MODEL is not set (ADR 021). */
export const DEFAULT_GEMINI_TEXT_MODEL = 'gemini-3.8-flash';

/** What the operator said of a model the table does not know (GEMINI_MAX_INPUT_IMAGES, GEMINI_OUTPUT_SIZE). */
export interface GeminiDescription {
  maxInputImages?: number;
  outputSize?: GeminiOutputSize;
}

/** The facts used for an image model no one described: few inputs, no size asked (only outside production). */
const UNDESCRIBED: GeminiImageModelFacts = { maxInputImages: 3, aspectRatios: ASPECT_RATIOS, imageSize: null };

/**
 * What a request to this image model may carry: the table's facts, with what the operator described
 * taking precedence; a model neither knows gets the most conservative facts (production refuses it at start).
 */
export function geminiImageModelFacts(model: string, described: GeminiDescription = {}): GeminiImageModelFacts {
  const known = findModel(GEMINI_MODELS, model)?.image ?? UNDESCRIBED;
  return {
    maxInputImages: described.maxInputImages ?? known.maxInputImages,
    aspectRatios: known.aspectRatios,
    imageSize: described.outputSize ?? known.imageSize,
  };
}
