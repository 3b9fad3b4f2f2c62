import { withImageSlot } from '../../uploads/image-slots';
import { runPixelTask } from '../pixel-threads/pixel-pool';
import type { RawImage } from './composite-in-mask';

/**
 * A masked refinement's compositing as the server runs it (ADR 028): on the pixel thread, whose small heap
 * collects its large buffers cheaply, in one of the image slots. Answers raw RGB of the base's size.
 */
export function compositeOnPixelThread(base: Buffer, engineOutput: Buffer, mask: Buffer): Promise<RawImage> {
  return withImageSlot(() => runPixelTask('compositeInMask', [base, engineOutput, mask]));
}
