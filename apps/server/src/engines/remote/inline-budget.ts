import sharp from 'sharp';
import type { LabelledPart } from './label-images';

/** The bytes an image takes inside a JSON request body (base64), with room for its part's JSON. */
export function inlineBytes(data: Buffer): number {
  return Math.ceil(data.length / 3) * 4 + 200;
}

/** The bytes of a request carrying these labelled images inline, and this much text besides. */
export function inlineRequestBytes(parts: LabelledPart[], textBytes: number): number {
  return parts.reduce((sum, part) => sum + inlineBytes(part.image.data) + Buffer.byteLength(part.label) + 100, textBytes + 2_000);
}

/** The smallest long side an input is shrunk to before the next one is shrunk or the last one dropped. */
const SMALLEST_SIDE = 384;

/**
 * Inputs that fit a service's limit for a request with inline data: while the request is too big, the
 * largest reference image (never the first, the room photo or the image being changed, while another
 * can still shrink) is sent at half its long side as WebP; when none can shrink any more, the least
 * important inputs (the end of the list) are dropped. The labels stay as they were numbered.
 */
export async function fitInlineBudget(parts: LabelledPart[], budgetBytes: number, textBytes: number): Promise<LabelledPart[]> {
  let fitted = [...parts];
  const sides = new Map<number, number>();
  const longSide = async (index: number) => {
    const known = sides.get(index);
    if (known !== undefined) return known;
    const { width = 0, height = 0 } = await sharp(fitted[index]!.image.data).metadata();
    const side = Math.max(width, height);
    sides.set(index, side);
    return side;
  };
  while (inlineRequestBytes(fitted, textBytes) > budgetBytes) {
    const candidates: number[] = [];
    for (let index = 0; index < fitted.length; index++) if ((await longSide(index)) > SMALLEST_SIDE) candidates.push(index);
    const shrinkable = candidates.filter((index) => index > 0);
    const pool = shrinkable.length ? shrinkable : candidates;
    if (!pool.length) {
      if (fitted.length <= 1) break;
      fitted = fitted.slice(0, -1);
      continue;
    }
    const index = pool.reduce((best, next) => (fitted[next]!.image.data.length > fitted[best]!.image.data.length ? next : best));
    const side = Math.max(SMALLEST_SIDE, Math.floor((await longSide(index)) / 2));
    const part = fitted[index]!;
    const data = await sharp(part.image.data).resize(side, side, { fit: 'inside' }).webp({ quality: 80 }).toBuffer();
    fitted[index] = { ...part, image: { ...part.image, data, mimeType: 'image/webp' } };
    sides.set(index, side);
  }
  return fitted;
}
