import type { FixArchitectureInput, ImageEngine, RedesignInput, RefineInput } from '../image-engine';
import { runPixelTask } from '../pixel-threads/pixel-pool';
import { withImageSlot } from '../../uploads/image-slots';

/**
 * The offline image engine (what it does to the pixels: local-image-work.ts). The requests are recorded
 * here, on the main thread; the pixel work runs on a pixel thread, so a design being made never holds up
 * the requests this process serves.
 */

/** What the engine was asked, as it was asked (tests read the prompt and brief from here). */
export type LocalEngineCall =
  | { kind: 'redesign'; requestKey: string; input: RedesignInput }
  | { kind: 'refine'; requestKey: string; input: RefineInput }
  | { kind: 'fixArchitecture'; requestKey: string; input: FixArchitectureInput };

export interface LocalImageEngineOptions {
  /** Called with every request before it is worked on. */
  onCall?: (call: LocalEngineCall) => void;
}

let lastCall: LocalEngineCall | undefined;

/** The last request any local image engine in this process received. */
export function lastLocalEngineCall(): LocalEngineCall | undefined {
  return lastCall;
}

/** Its pixel work takes an image slot like uploads do, so uploads and local designs together stay within the slots. */
export function createLocalImageEngine(engineOptions: LocalImageEngineOptions = {}): ImageEngine {
  const record = (call: LocalEngineCall) => {
    lastCall = call;
    engineOptions.onCall?.(call);
  };
  return {
    name: 'local',
    redesign(input, options) {
      record({ kind: 'redesign', requestKey: options.requestKey, input });
      return withImageSlot(() => runPixelTask('localRedesign', [input], options.signal));
    },
    refine(input, options) {
      record({ kind: 'refine', requestKey: options.requestKey, input });
      return withImageSlot(() => runPixelTask('localRefine', [input], options.signal));
    },
    fixArchitecture(input, options) {
      record({ kind: 'fixArchitecture', requestKey: options.requestKey, input });
      return withImageSlot(() => runPixelTask('localFixArchitecture', [input], options.signal));
    },
  };
}
