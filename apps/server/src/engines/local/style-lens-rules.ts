/**
 * The rules the local vision engine uses to turn measured photos into StyleLens materials, forms and
 * mood. Measures are the means over the user's inspiration photos (see measure-image.ts):
 * light 0..1, warmth about -0.2..0.3, contrast 0..0.5, colourfulness 0..0.5.
 *
 * | when                                   | materials                                          | forms                                                 | mood                   |
 * |----------------------------------------|----------------------------------------------------|-------------------------------------------------------|------------------------|
 * | light ≥ 0.6, warm (≥ 0.04)             | oak (light), linen, rattan, wool (boucle)           | soft rounded silhouettes; low, relaxed seating        | sunlit and relaxed     |
 * | light ≥ 0.6, cool (< 0.01)             | ash (pale), cotton, ceramic (matte), plaster (white) | clean straight lines; airy open space                 | crisp and airy         |
 * | light ≥ 0.6, neutral                   | oak (whitewashed), linen, stone (honed)             | simple pared-back shapes; open shelving               | calm and bright        |
 * | mid (0.4-0.6), warm (≥ 0.04)           | teak, terracotta, jute, cotton (washed)             | tapered mid-century legs; organic curves              | earthy and grounded    |
 * | mid, cool (< 0.01)                     | oak (smoked), concrete, wool, chrome                | tailored shapes; slim metal frames                    | composed and urban     |
 * | mid, neutral                           | oak, linen, stone (tumbled), brass (brushed)        | balanced classic proportions; mixed straight and curved | easy and collected   |
 * | dark (< 0.4), warm (≥ 0.03)            | walnut, leather (aged), velvet, brass (aged)        | deep enveloping seating; generous curved forms        | rich and enveloping    |
 * | dark, not warm                         | slate, steel (blackened), wool (felt), smoked glass | strong architectural lines; solid monolithic blocks   | dramatic and moody     |
 * | contrast ≥ 0.25, cool (< 0.02)         | steel (brushed), glass                              | crisp graphic contrasts                               |                        |
 * | contrast ≥ 0.25, warm (≥ 0.02)         | black metal (powder-coated)                         | bold dark silhouettes against pale walls              |                        |
 * | contrast < 0.12                        | plaster (limewash)                                  | tonal, low-contrast layering                          |                        |
 * | colourfulness ≥ 0.22                   | lacquer (coloured), patterned textiles              | confident colour blocking                             |                        |
 * | colourfulness < 0.08                   |                                                     | a restrained, quiet palette                           |                        |
 */

export interface StyleMeasures {
  light: number;
  warmth: number;
  contrast: number;
  colourfulness: number;
}

export interface StyleLensRule {
  when: (m: StyleMeasures) => boolean;
  materials: readonly string[];
  forms: readonly string[];
  mood?: string;
}

const isLight = (m: StyleMeasures) => m.light >= 0.6;
const isDark = (m: StyleMeasures) => m.light < 0.4;
const isMid = (m: StyleMeasures) => !isLight(m) && !isDark(m);

export const STYLE_LENS_RULES: readonly StyleLensRule[] = [
  // Base: light × warmth; exactly one applies.
  {
    when: (m) => isLight(m) && m.warmth >= 0.04,
    materials: ['oak (light)', 'linen', 'rattan', 'wool (boucle)'],
    forms: ['soft rounded silhouettes', 'low, relaxed seating'],
    mood: 'sunlit and relaxed',
  },
  {
    when: (m) => isLight(m) && m.warmth < 0.01,
    materials: ['ash (pale)', 'cotton', 'ceramic (matte)', 'plaster (white)'],
    forms: ['clean straight lines', 'airy open space'],
    mood: 'crisp and airy',
  },
  {
    when: (m) => isLight(m) && m.warmth >= 0.01 && m.warmth < 0.04,
    materials: ['oak (whitewashed)', 'linen', 'stone (honed)'],
    forms: ['simple pared-back shapes', 'open shelving'],
    mood: 'calm and bright',
  },
  {
    when: (m) => isMid(m) && m.warmth >= 0.04,
    materials: ['teak', 'terracotta', 'jute', 'cotton (washed)'],
    forms: ['tapered mid-century legs', 'organic curves'],
    mood: 'earthy and grounded',
  },
  {
    when: (m) => isMid(m) && m.warmth < 0.01,
    materials: ['oak (smoked)', 'concrete', 'wool', 'chrome'],
    forms: ['tailored shapes', 'slim metal frames'],
    mood: 'composed and urban',
  },
  {
    when: (m) => isMid(m) && m.warmth >= 0.01 && m.warmth < 0.04,
    materials: ['oak', 'linen', 'stone (tumbled)', 'brass (brushed)'],
    forms: ['balanced classic proportions', 'a mix of straight and curved pieces'],
    mood: 'easy and collected',
  },
  {
    when: (m) => isDark(m) && m.warmth >= 0.03,
    materials: ['walnut', 'leather (aged)', 'velvet', 'brass (aged)'],
    forms: ['deep enveloping seating', 'generous curved forms'],
    mood: 'rich and enveloping',
  },
  {
    when: (m) => isDark(m) && m.warmth < 0.03,
    materials: ['slate', 'steel (blackened)', 'wool (felt)', 'smoked glass'],
    forms: ['strong architectural lines', 'solid monolithic blocks'],
    mood: 'dramatic and moody',
  },
  // Modifiers: contrast and colourfulness.
  { when: (m) => m.contrast >= 0.25 && m.warmth < 0.02, materials: ['steel (brushed)', 'glass'], forms: ['crisp graphic contrasts'] },
  {
    when: (m) => m.contrast >= 0.25 && m.warmth >= 0.02,
    materials: ['black metal (powder-coated)'],
    forms: ['bold dark silhouettes against pale walls'],
  },
  { when: (m) => m.contrast < 0.12, materials: ['plaster (limewash)'], forms: ['tonal, low-contrast layering'] },
  { when: (m) => m.colourfulness >= 0.22, materials: ['lacquer (coloured)', 'patterned textiles'], forms: ['confident colour blocking'] },
  { when: (m) => m.colourfulness < 0.08, materials: [], forms: ['a restrained, quiet palette'] },
];

/** The materials, forms and mood the rules give for measures (materials capped at 6, forms at 5). */
export function applyStyleLensRules(measures: StyleMeasures): { materials: string[]; forms: string[]; mood: string } {
  const matched = STYLE_LENS_RULES.filter((rule) => rule.when(measures));
  const unique = (values: readonly string[]) => [...new Set(values)];
  return {
    materials: unique(matched.flatMap((rule) => rule.materials)).slice(0, 6),
    forms: unique(matched.flatMap((rule) => rule.forms)).slice(0, 5),
    mood: matched.find((rule) => rule.mood)?.mood ?? 'balanced',
  };
}

/** Words for the measures: "light", "warm", "softly contrasted"… */
export function describeMeasures(m: StyleMeasures): { light: string; warmth: string; contrast: string } {
  return {
    light: m.light >= 0.7 ? 'bright' : m.light >= 0.55 ? 'light' : m.light >= 0.4 ? 'mid-toned' : 'dark',
    warmth: m.warmth >= 0.08 ? 'warm' : m.warmth >= 0.03 ? 'gently warm' : m.warmth >= 0.01 ? 'neutral' : 'cool',
    contrast: m.contrast >= 0.25 ? 'high in contrast' : m.contrast >= 0.12 ? 'softly contrasted' : 'low in contrast',
  };
}
