/**
 * Style words → a colour grade, for the local image engine. Each word moves the whole photo a little:
 * lighter or darker, more or less contrast, warmer or cooler, more or less saturated. Several words
 * add up; the total is capped so a long description never burns the photo.
 *
 * | words                                              | light | contrast | warmth | saturation |
 * |----------------------------------------------------|-------|----------|--------|------------|
 * | scandinavian, nordic, minimal(ist), airy, bright, light | +    |          | cooler | less       |
 * | japandi, zen                                       | +     |          | warmer | less       |
 * | coastal, beach, hamptons                           | +     |          | cooler |            |
 * | warm, cozy/cosy, hygge, rustic, farmhouse, cottage | -     |          | warmer |            |
 * | moody, dark, dramatic, cave, library               | --    | +        | warmer |            |
 * | industrial, loft, urban                            | -     | +        | cooler | less       |
 * | boho, bohemian, eclectic, maximalist, colourful    |       |          | warmer | more       |
 * | mid-century, retro, vintage                        |       |          | warmer |            |
 * | luxury, luxe, glam, art deco, elegant              |       | +        |        | more       |
 * | cool, calm, serene, fresh                          | +     |          | cooler |            |
 * | muted, neutral, soft, tonal                        |       | -        |        | less       |
 * | vibrant, bold, bright colours                      |       | +        |        | more       |
 */

export interface Grade {
  /** Added to luma (0..1 scale). */
  light: number;
  /** Luma spread around mid-grey is multiplied by 1 + contrast. */
  contrast: number;
  /** Positive: towards orange; negative: towards blue (chroma units, 0..1 scale). */
  warmth: number;
  /** Chroma is multiplied by 1 + saturation. */
  saturation: number;
}

export const NO_GRADE: Grade = { light: 0, contrast: 0, warmth: 0, saturation: 0 };

interface StyleRule {
  words: readonly string[];
  grade: Partial<Grade>;
}

export const STYLE_RULES: readonly StyleRule[] = [
  {
    words: ['scandinavian', 'scandi', 'nordic', 'minimal', 'minimalist', 'airy', 'bright', 'light and airy'],
    grade: { light: 0.06, warmth: -0.015, saturation: -0.1 },
  },
  { words: ['japandi', 'zen', 'wabi sabi', 'wabi-sabi'], grade: { light: 0.03, warmth: 0.015, saturation: -0.15 } },
  { words: ['coastal', 'beach', 'hamptons', 'nautical'], grade: { light: 0.05, warmth: -0.03 } },
  {
    words: ['warm', 'warmer', 'cozy', 'cosy', 'cozier', 'cosier', 'hygge', 'rustic', 'farmhouse', 'cottage', 'cabin'],
    grade: { light: -0.01, warmth: 0.04 },
  },
  { words: ['moody', 'dark', 'darker', 'dramatic', 'cave', 'library', 'gothic'], grade: { light: -0.12, contrast: 0.1, warmth: 0.01 } },
  { words: ['industrial', 'loft', 'urban', 'brutalist'], grade: { light: -0.03, contrast: 0.08, warmth: -0.025, saturation: -0.15 } },
  { words: ['boho', 'bohemian', 'eclectic', 'maximalist', 'colourful', 'colorful'], grade: { warmth: 0.025, saturation: 0.18 } },
  {
    words: ['mid-century', 'mid century', 'midcentury', 'retro', 'vintage', 'seventies', '70s'],
    grade: { warmth: 0.03, saturation: 0.05 },
  },
  { words: ['luxury', 'luxe', 'glam', 'glamorous', 'art deco', 'elegant', 'opulent'], grade: { contrast: 0.06, saturation: 0.06 } },
  { words: ['cool', 'cooler', 'calm', 'serene', 'fresh'], grade: { light: 0.02, warmth: -0.03 } },
  { words: ['muted', 'neutral', 'soft', 'tonal', 'understated'], grade: { contrast: -0.05, saturation: -0.12 } },
  { words: ['vibrant', 'bold', 'punchy', 'saturated'], grade: { contrast: 0.05, saturation: 0.2 } },
];

const LIMITS: Grade = { light: 0.15, contrast: 0.15, warmth: 0.06, saturation: 0.3 };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const RULE_PATTERNS = STYLE_RULES.map((rule) => ({
  rule,
  pattern: new RegExp(`\\b(?:${rule.words.map((w) => escapeRegExp(w).replace(/[ -]/g, '[\\s-]?')).join('|')})\\b`, 'i'),
}));

/** Colour names that contain a style word ("warm sand", "dark blue") are colours, not styles. */
const COLOUR_PHRASES = /\b(?:warm|cool|light|dark)[\s-]+(?:sand|gr[ae]y|white|blue|green|brown|wood|oak)\b/gi;

/** The style words found in the texts, and the grade they add up to (each rule counts once). */
export function gradeFromWords(...texts: readonly string[]): { grade: Grade; words: string[] } {
  const text = texts.join(' \n ').replace(COLOUR_PHRASES, ' ');
  const grade = { ...NO_GRADE };
  const words: string[] = [];
  for (const { rule, pattern } of RULE_PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    words.push(match[0].toLowerCase());
    grade.light += rule.grade.light ?? 0;
    grade.contrast += rule.grade.contrast ?? 0;
    grade.warmth += rule.grade.warmth ?? 0;
    grade.saturation += rule.grade.saturation ?? 0;
  }
  const cap = (v: number, limit: number) => Math.max(-limit, Math.min(limit, v));
  return {
    grade: {
      light: cap(grade.light, LIMITS.light),
      contrast: cap(grade.contrast, LIMITS.contrast),
      warmth: cap(grade.warmth, LIMITS.warmth),
      saturation: cap(grade.saturation, LIMITS.saturation),
    },
    words,
  };
}

/** A grade scaled by a factor (variations of one design differ in strength). */
export function scaleGrade(grade: Grade, factor: number): Grade {
  return {
    light: grade.light * factor,
    contrast: grade.contrast * factor,
    warmth: grade.warmth * factor,
    saturation: grade.saturation * factor,
  };
}
