import sharp from 'sharp';

/**
 * Decoding a 12-megapixel photo takes ~40 MB; many at once is what makes a server's memory peak. Image
 * work (uploads, engine output, fidelity) takes one of a few slots, and libvips keeps no operation cache.
 */
sharp.cache(false);
const SLOTS = 2;
let free = SLOTS;
const waiting: (() => void)[] = [];

export async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (free > 0) free -= 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else free += 1;
  }
}
