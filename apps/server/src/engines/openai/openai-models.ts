import { findModel, type KnownModel } from '../model-table';

/**
 * The OpenAI models we know, keyed by exact id with their snapshots as aliases (ADR 021): what each
 * accepts and costs, where that was read and when. A model not here is refused at start in production
 * unless the operator describes it (OPENAI_MAX_INPUT_IMAGES, OPENAI_OUTPUT_SIZE, its prices in
 * ENGINE_PRICES); nothing is guessed from a name.
 */
export interface OpenAiImageModelFacts {
  /** Input images one images.edit call may carry. */
  maxInputImages: number;
  /** 'free': WIDTHxHEIGHT, both divisible by 16, aspect ratio within 1:3..3:1; else the sizes accepted. */
  sizes: 'free' | readonly string[];
  /** Whether input_fidelity: 'high' may be sent (gpt-image-2 refuses it: it always keeps its inputs closely). */
  inputFidelity: boolean;
  quality: 'low' | 'medium' | 'high' | undefined;
}

export interface OpenAiModel extends KnownModel {
  image?: OpenAiImageModelFacts;
}

export const STANDARD_SIZES = ['1024x1024', '1536x1024', '1024x1536'] as const;

const CHECKED = '2026-11-25';
/** The day the defaults were re-chosen (ADR 021, 'Checked on 2026-11-26'). */
const RECHECKED = '2026-11-26';
const PRICING = 'https://developers.openai.com/api/docs/pricing';
const DEPRECATIONS = 'https://developers.openai.com/api/docs/deprecations';
const MODELS = 'https://developers.openai.com/api/docs/models';

export const OPENAI_MODELS: readonly OpenAiModel[] = [
  {
    // OpenAI's named replacement for the gpt-image-1.5 line (deprecations page), for precise edits.
    id: 'gpt-image-2.6-sunburst',
    aliases: [],
    kind: 'image',
    // Input cap and sizes: the GPT image models' edit rules (up to 16 images; WIDTHxHEIGHT in multiples
    // of 16 within 1:3..3:1) as integrators document 2.6; input_fidelity is never sent (not confirmed).
    image: { maxInputImages: 16, sizes: 'free', inputFidelity: false, quality: 'medium' },
    // Text input $5, image input $8, image output $30 per million tokens.
    prices: [{ inputPerMillionTokens: 5, imageInputPerMillionTokens: 8, outputPerMillionTokens: 30, imageOutputPerMillionTokens: 30 }],
    source: `${MODELS}/gpt-image-2.6-sunburst (prices, snapshot, images/edits); replacement for gpt-image-1.5 on ${DEPRECATIONS}; input cap and sizes from ComfyUI's and WaveSpeedAI's 2.6 pages (ADR 021)`,
    checked: RECHECKED,
  },
  {
    id: 'gpt-6.1-terra',
    aliases: [],
    kind: 'text',
    // Reasoning tokens are billed as output tokens.
    prices: [{ inputPerMillionTokens: 1, outputPerMillionTokens: 5, thinkingPerMillionTokens: 5 }],
    source: `${MODELS}/gpt-6.1-terra (prices, Chat Completions and structured outputs supported, snapshot gpt-6.1-terra); OpenAI's replacement for gpt-5-mini on ${DEPRECATIONS}`,
    checked: RECHECKED,
  },
  {
    id: 'gpt-image-2',
    aliases: ['gpt-image-2-2026-04-21'],
    kind: 'image',
    image: { maxInputImages: 16, sizes: 'free', inputFidelity: false, quality: 'medium' },
    // Text input $5, image input $8, image output $30 per million tokens.
    prices: [{ inputPerMillionTokens: 5, imageInputPerMillionTokens: 8, outputPerMillionTokens: 30, imageOutputPerMillionTokens: 30 }],
    source: `${PRICING} (as quoted by llmreference.com and APIYI, November 2026); sizes and input_fidelity: OpenAI image generation guide (ADR 014); no deprecation on ${DEPRECATIONS}`,
    checked: CHECKED,
  },
  {
    id: 'gpt-5.4-mini',
    aliases: [],
    kind: 'text',
    // Reasoning tokens are billed as output tokens.
    prices: [{ inputPerMillionTokens: 0.75, outputPerMillionTokens: 4.5, thinkingPerMillionTokens: 4.5 }],
    source: `${PRICING} (as quoted by wavespeed.ai, verdent.ai, Merge Gateway in 2026); no deprecation on ${DEPRECATIONS}`,
    checked: CHECKED,
  },
];

/** The image model when OPENAI_IMAGE_MODEL is not set (ADR 021, re-chosen 2026-11-26). */
export const DEFAULT_OPENAI_IMAGE_MODEL = 'gpt-image-2.6-sunburst';
/** The text model when OPENAI_TEXT_MODEL is not set (ADR 021, re-chosen 2026-11-26). */
export const DEFAULT_OPENAI_TEXT_MODEL = 'gpt-6.1-terra';

/** What the operator said of a model the table does not know (OPENAI_MAX_INPUT_IMAGES, OPENAI_OUTPUT_SIZE). */
export interface OpenAiDescription {
  maxInputImages?: number;
  sizes?: 'free' | readonly string[];
}

/** The facts every GPT image model shares, for a model no one described (only outside production). */
const UNDESCRIBED: OpenAiImageModelFacts = { maxInputImages: 16, sizes: STANDARD_SIZES, inputFidelity: false, quality: undefined };

/**
 * What a request to this image model may carry: the table's facts, with what the operator described
 * taking precedence; a model neither knows gets the sizes and inputs every GPT image model shares.
 */
export function openAiImageModelFacts(model: string, described: OpenAiDescription = {}): OpenAiImageModelFacts {
  const known = findModel(OPENAI_MODELS, model)?.image ?? UNDESCRIBED;
  return {
    ...known,
    maxInputImages: described.maxInputImages ?? known.maxInputImages,
    sizes: described.sizes ?? known.sizes,
  };
}

/** The longest side asked of a free-size model, and the pixel count above which OpenAI calls sizes experimental (2560x1440). */
const LONG_SIDE = 2048;
const MAX_PIXELS = 2560 * 1440;
/** The widest shape a free-size model takes (long side over short side). */
const MAX_RATIO = 3;

/**
 * The room photo's shape at the largest size up to 2048 px on the long side: both sides divisible by 16,
 * the shape kept within 1:3..3:1 (after rounding to 16 px too: the short side is rounded up when rounding
 * down would make the shape wider than 3:1), no more pixels than 2560x1440.
 */
export function freeOutputSize(width: number, height: number): string {
  const ratio = Math.min(MAX_RATIO, Math.max(1 / MAX_RATIO, width / height));
  const wide = Math.max(ratio, 1 / ratio);
  const shortOf = (long: number) => {
    const short = Math.max(16, Math.round(long / wide / 16) * 16);
    return long / short > MAX_RATIO ? short + 16 : short;
  };
  let long = LONG_SIDE;
  while (long * shortOf(long) > MAX_PIXELS) long -= 16;
  const short = shortOf(long);
  return ratio >= 1 ? `${long}x${short}` : `${short}x${long}`;
}
