import { move, transferableSymbol, valueSymbol } from 'piscina';
import sharp from 'sharp';
import { structureMap } from '../fidelity/structure-map';
import { EngineError } from '../image-engine';
import { fixArchitecture, redesign, refine } from '../local/local-image-work';
import { kMeansPalette, measureImage } from '../local/measure-image';
import { compositeInMask } from '../mask/composite-in-mask';
import { ownedArrayBuffers, withBuffers, type PixelTaskAnswer, type PixelTaskRequest } from './pixel-messages';

/**
 * The pixel threads' side (loaded by pixel-worker.mjs), by name: per-pixel JavaScript work, and the
 * masked refinement's compositing, whose many large buffers would each cost the main thread's garbage
 * collector a mark of its whole heap (ADR 028).
 */
export const pixelTasks = {
  localRedesign: redesign,
  localRefine: refine,
  localFixArchitecture: fixArchitecture,
  measureImage,
  kMeansPalette,
  structureMap,
  compositeInMask,
};

export type PixelTasks = typeof pixelTasks;

// Loading sharp in this thread put libvips' operation cache (one for the whole process) back to its
// defaults: off again, as uploads/image-slots.ts keeps it.
sharp.cache(false);

/** Runs one task; the memory of the typed arrays in its answer is handed to the main thread, not copied. */
export async function workPixelTask({ task, args }: PixelTaskRequest) {
  const work = pixelTasks[task as keyof PixelTasks] as (...args: unknown[]) => unknown;
  let answer: PixelTaskAnswer;
  try {
    answer = { value: await work(...withBuffers(args)) };
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    const { message, retryable, status } = error;
    answer = { engineError: { message, retryable, ...(status === undefined ? {} : { status }) } };
  }
  return move({ [transferableSymbol]: ownedArrayBuffers(answer), [valueSymbol]: answer });
}
