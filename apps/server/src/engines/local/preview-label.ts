/**
 * The "Local preview" mark in the corner of every local-engine image, drawn from a built-in 5 × 7
 * pixel font (no system fonts needed, so it looks the same on every machine).
 */

export const PREVIEW_LABEL_TEXT = 'Local preview';

const GLYPHS: Readonly<Record<string, readonly string[]>> = {
  L: ['#....', '#....', '#....', '#....', '#....', '#....', '#####'],
  o: ['.....', '.....', '.###.', '#...#', '#...#', '#...#', '.###.'],
  c: ['.....', '.....', '.####', '#....', '#....', '#....', '.####'],
  a: ['.....', '.....', '.###.', '....#', '.####', '#...#', '.####'],
  l: ['.##..', '..#..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  p: ['.....', '.....', '####.', '#...#', '####.', '#....', '#....'],
  r: ['.....', '.....', '#.##.', '##..#', '#....', '#....', '#....'],
  e: ['.....', '.....', '.###.', '#...#', '#####', '#....', '.###.'],
  v: ['.....', '.....', '#...#', '#...#', '#...#', '.#.#.', '..#..'],
  i: ['..#..', '.....', '.##..', '..#..', '..#..', '..#..', '.###.'],
  w: ['.....', '.....', '#...#', '#...#', '#.#.#', '#.#.#', '.#.#.'],
  ' ': ['.....', '.....', '.....', '.....', '.....', '.....', '.....'],
};

export interface LabelImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The label as RGBA pixels sized for a photo `photoWidth` wide: white text on a translucent dark
 * plate with rounded-off corners.
 */
export function previewLabel(photoWidth: number, text = PREVIEW_LABEL_TEXT): LabelImage {
  const scale = Math.max(1, Math.round(photoWidth / 600));
  const padding = 3 * scale;
  const columns = text.length * 6 - 1;
  const width = columns * scale + padding * 2;
  const height = 7 * scale + padding * 2;
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const corner = (x === 0 || x === width - 1) && (y === 0 || y === height - 1);
      const i = (y * width + x) * 4;
      data[i] = 20;
      data[i + 1] = 20;
      data[i + 2] = 20;
      data[i + 3] = corner ? 0 : 150;
    }
  }
  [...text].forEach((char, index) => {
    const glyph = GLYPHS[char] ?? GLYPHS[' '] ?? [];
    glyph.forEach((row, gy) => {
      [...row].forEach((cell, gx) => {
        if (cell !== '#') return;
        for (let sy = 0; sy < scale; sy++) {
          for (let sx = 0; sx < scale; sx++) {
            const x = padding + (index * 6 + gx) * scale + sx;
            const y = padding + gy * scale + sy;
            const i = (y * width + x) * 4;
            data[i] = 250;
            data[i + 1] = 250;
            data[i + 2] = 250;
            data[i + 3] = 235;
          }
        }
      });
    });
  });
  return { data, width, height };
}
