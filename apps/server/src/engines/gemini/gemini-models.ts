/**
 * What Gemini's image models accept, by family, so a new model of a known family needs only its name
 * (GEMINI_IMAGE_MODEL). A name of no known family gets the most conservative facts of any family: the
 * request still works on any Gemini image model, only with fewer input images and the default size.
 */
export interface GeminiImageModelFacts {
  family: string;
  /** Input images one request may carry (Google's documented limit for the family). */
  maxInputImages: number;
  /** The shapes imageConfig.aspectRatio accepts. */
  aspectRatios: readonly string[];
  /** The imageConfig.imageSize asked for: the largest up to about 2048 px on the long side; null when the family has no size choice (about 1 megapixel). */
  imageSize: '2K' | null;
}

const ASPECT_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'] as const;

const FAMILIES: (GeminiImageModelFacts & { pattern: RegExp })[] = [
  // gemini-3.1-flash-image, gemini-3-pro-image (and their -preview names): up to 14 inputs, 1K/2K/4K output.
  {
    family: 'gemini-3-image',
    pattern: /^gemini-3(\.\d+)?-(flash|pro)-image/,
    maxInputImages: 14,
    aspectRatios: ASPECT_RATIOS,
    imageSize: '2K',
  },
  // gemini-2.5-flash-image: up to 3 inputs, about 1 megapixel out.
  {
    family: 'gemini-2.5-flash-image',
    pattern: /^gemini-2\.5-flash-image/,
    maxInputImages: 3,
    aspectRatios: ASPECT_RATIOS,
    imageSize: null,
  },
];

const UNKNOWN_FAMILY: GeminiImageModelFacts = { family: 'unknown', maxInputImages: 3, aspectRatios: ASPECT_RATIOS, imageSize: null };

export function geminiImageModelFacts(model: string): GeminiImageModelFacts {
  const known = FAMILIES.find((family) => family.pattern.test(model.replace(/^models\//, '')));
  if (!known) return UNKNOWN_FAMILY;
  const { pattern: _pattern, ...facts } = known;
  return facts;
}
