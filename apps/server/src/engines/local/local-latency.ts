import { setTimeout as sleep } from 'node:timers/promises';
import type { ImageEngine } from '../image-engine';
import type { VisionEngine } from '../vision-engine';

/**
 * LOCAL_ENGINE_DELAY_MS: the local engines answer in about a second, far quicker than a real provider.
 * This adds a fixed wait before every local engine call (remote engines are left alone), abandoned when
 * the caller's signal aborts, so slow jobs, progress streams and a worker dying mid-call can be rehearsed
 * offline (the cluster test does).
 */
export function withLatency(engines: { imageEngine: ImageEngine; visionEngine: VisionEngine }, delayMs: number) {
  if (delayMs <= 0) return engines;
  const delayed = <T>(signal: AbortSignal | undefined, call: () => Promise<T>) => sleep(delayMs, undefined, { signal }).then(call);
  const { imageEngine: image, visionEngine: vision } = engines;
  const imageEngine: ImageEngine =
    image.name !== 'local'
      ? image
      : {
          name: image.name,
          redesign: (input, options) => delayed(options.signal, () => image.redesign(input, options)),
          refine: (input, options) => delayed(options.signal, () => image.refine(input, options)),
          fixArchitecture: (input, options) => delayed(options.signal, () => image.fixArchitecture(input, options)),
        };
  const visionEngine: VisionEngine =
    vision.name !== 'local'
      ? vision
      : {
          ...vision,
          analyzeDesign: (input, signal) => delayed(signal, () => vision.analyzeDesign(input, signal)),
          analyzeStyle: (input, signal) => delayed(signal, () => vision.analyzeStyle(input, signal)),
          interpretTweak: (input, signal) => delayed(signal, () => vision.interpretTweak(input, signal)),
        };
  return { imageEngine, visionEngine };
}
