import sharp from 'sharp';

/**
 * Decoding a 12-megapixel photo takes ~40 MB; many at once is what makes a server's memory peak. Image
 * work (uploads, engine output, fidelity) takes one of a few slots, and libvips keeps no operation cache.
 */
sharp.cache(false);
/** Two by default: the local engine's pixel work is one thread's JavaScript per task. */
let slots = 2;
let busy = 0;
const waiting: (() => void)[] = [];

/**
 * How many pieces of image work may run at once in this process. A web process that sends its jobs to
 * workers only reads uploads, and libvips spreads one image over every core: one slot halves its peak
 * (ADR 047).
 */
export function setImageSlots(count: number): void {
  slots = count;
}

export async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (busy < slots) busy += 1;
  // A slot that ends hands itself to the next waiting work (busy stays as it is).
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = busy <= slots ? waiting.shift() : undefined;
    if (next) next();
    else busy -= 1;
  }
}
