import sharp from 'sharp';

/** An RGBA cut-out, trimmed to what is left of the item. */
export interface CutOut {
  data: Buffer;
  width: number;
  height: number;
  /** How the background was removed. */
  method: 'alpha' | 'keyed' | 'vignette';
}

/** Item photos are cut out at most this many pixels on their longer side. */
export const CUT_OUT_MAX_SIDE = 768;
/** RGB distance (0..441) under which a pixel belongs to the border colour's background. */
const KEY_TOLERANCE = 60;
/** Share of border pixels that must be close to the border colour for a plain background. */
const PLAIN_BORDER_SHARE = 0.6;

/**
 * Takes the item out of its photo's background.
 *
 * - A photo that already has transparency (a PNG cut-out) keeps it.
 * - A photo on a plain background (white, grey, a studio sweep): the border colour is keyed out by a
 *   flood fill from the border (colour distance to the border colour), so a white item part inside
 *   the outline stays; the alpha edge is softened by one pixel.
 * - A photo on a busy background cannot be keyed without a model: it gets a soft oval vignette, so it
 *   reads as an inset rather than a hard-edged box.
 */
export async function keyOutBackground(photo: Buffer): Promise<CutOut> {
  const { data, info } = await sharp(photo)
    .rotate()
    .resize(CUT_OUT_MAX_SIDE, CUT_OUT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const pixels = Buffer.from(data);
  const n = width * height;

  const border: number[] = [];
  for (let x = 0; x < width; x++) border.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) border.push(y * width, y * width + width - 1);

  const transparentBorder = border.filter((i) => (pixels[i * 4 + 3] ?? 255) < 128).length;
  if (transparentBorder > border.length * 0.5) return trim(pixels, width, height, 'alpha');

  const median = (channel: number) => {
    const values = border.map((i) => pixels[i * 4 + channel] ?? 0).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] ?? 0;
  };
  const key = [median(0), median(1), median(2)] as const;
  const distance = (i: number) =>
    Math.hypot((pixels[i * 4] ?? 0) - key[0], (pixels[i * 4 + 1] ?? 0) - key[1], (pixels[i * 4 + 2] ?? 0) - key[2]);
  const plain = border.filter((i) => distance(i) < KEY_TOLERANCE).length >= border.length * PLAIN_BORDER_SHARE;

  if (plain) {
    const background = new Uint8Array(n);
    const queue = new Int32Array(n);
    let head = 0;
    let tail = 0;
    for (const i of border) {
      if (!background[i] && distance(i) < KEY_TOLERANCE) {
        background[i] = 1;
        queue[tail++] = i;
      }
    }
    while (head < tail) {
      const i = queue[head++] ?? 0;
      const x = i % width;
      const neighbours = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width];
      for (const j of neighbours) {
        if (j < 0 || j >= n || background[j]) continue;
        if (distance(j) < KEY_TOLERANCE) {
          background[j] = 1;
          queue[tail++] = j;
        }
      }
    }
    const kept = n - tail;
    if (kept > n * 0.03) {
      for (let i = 0; i < n; i++) if (background[i]) pixels[i * 4 + 3] = 0;
      softenAlpha(pixels, width, height);
      return trim(pixels, width, height, 'keyed');
    }
  }

  // A busy background: a feathered oval.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = (x + 0.5 - width / 2) / (width / 2);
      const dy = (y + 0.5 - height / 2) / (height / 2);
      const r = Math.hypot(dx, dy);
      const alpha = r <= 0.8 ? 1 : r >= 1 ? 0 : (1 - r) / 0.2;
      const i = (y * width + x) * 4 + 3;
      pixels[i] = Math.round((pixels[i] ?? 255) * alpha);
    }
  }
  return trim(pixels, width, height, 'vignette');
}

/** Averages alpha over 3 × 3 where it changes, so keyed edges are not jagged. */
function softenAlpha(pixels: Buffer, width: number, height: number): void {
  const alpha = new Uint8Array(width * height);
  for (let i = 0; i < alpha.length; i++) alpha[i] = pixels[i * 4 + 3] ?? 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) sum += alpha[(y + dy) * width + x + dx] ?? 0;
      const i = y * width + x;
      if (sum !== 0 && sum !== 255 * 9) pixels[i * 4 + 3] = Math.round(sum / 9);
    }
  }
}

/** Cuts the image down to the box around its visible pixels. */
async function trim(pixels: Buffer, width: number, height: number, method: CutOut['method']): Promise<CutOut> {
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((pixels[(y * width + x) * 4 + 3] ?? 0) > 16) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
    }
  }
  if (right < left || bottom < top) return { data: pixels, width, height, method };
  const box = { left, top, width: right - left + 1, height: bottom - top + 1 };
  if (box.width === width && box.height === height) return { data: pixels, width, height, method };
  const data = await sharp(pixels, { raw: { width, height, channels: 4 } })
    .extract(box)
    .raw()
    .toBuffer();
  return { data, width: box.width, height: box.height, method };
}
