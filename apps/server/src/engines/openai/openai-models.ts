/**
 * What OpenAI's GPT image models accept, by family, so a new model of a known family needs only its
 * name (OPENAI_IMAGE_MODEL). A name of no known family gets the facts every GPT image model shares:
 * the three standard sizes and no input_fidelity (which some models refuse).
 */
export interface OpenAiImageModelFacts {
  family: string;
  /** Input images one images.edit call may carry. */
  maxInputImages: number;
  /** 'any': WIDTHxHEIGHT, both divisible by 16, aspect ratio within 1:3..3:1; else the sizes accepted. */
  sizes: 'any' | readonly string[];
  /** Whether input_fidelity: 'high' may be sent (gpt-image-2 refuses it: it always keeps its inputs closely). */
  inputFidelity: boolean;
  quality: 'low' | 'medium' | 'high' | undefined;
}

const STANDARD_SIZES = ['1024x1024', '1536x1024', '1024x1536'] as const;

const FAMILIES: (OpenAiImageModelFacts & { pattern: RegExp })[] = [
  { family: 'gpt-image-2', pattern: /^gpt-image-2/, maxInputImages: 16, sizes: 'any', inputFidelity: false, quality: 'medium' },
  {
    family: 'gpt-image-1-mini',
    pattern: /^gpt-image-1-mini/,
    maxInputImages: 16,
    sizes: STANDARD_SIZES,
    inputFidelity: false,
    quality: 'medium',
  },
  {
    family: 'gpt-image-1',
    pattern: /^(gpt-image-1(\.5)?($|-)|chatgpt-image)/,
    maxInputImages: 16,
    sizes: STANDARD_SIZES,
    inputFidelity: true,
    quality: 'medium',
  },
];

const UNKNOWN_FAMILY: OpenAiImageModelFacts = {
  family: 'unknown',
  maxInputImages: 16,
  sizes: STANDARD_SIZES,
  inputFidelity: false,
  quality: undefined,
};

export function openAiImageModelFacts(model: string): OpenAiImageModelFacts {
  const known = FAMILIES.find((family) => family.pattern.test(model));
  if (!known) return UNKNOWN_FAMILY;
  const { pattern: _pattern, ...facts } = known;
  return facts;
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
