import sharp from 'sharp';
import type { Config } from '../config/env';
import { createEngines, type RemoteEngineTuning } from './create-engines';
import { configuredEngines, type EngineChoice } from './engine-choice';
import { EngineError } from './image-engine';

/** One engine's answer to the smallest real call: an image edit of a tiny photo, or one structured text answer. */
export interface EngineCheck {
  choice: EngineChoice;
  ok: boolean;
  latencyMs: number;
  /** The size of the image the image engine returned. */
  imageSize?: { width: number; height: number };
  /** The service's own words when it did not answer (its reason, not the message users read). */
  error?: string;
}

/**
 * Makes the smallest real call to each configured engine: one image edit of a 64x48 photo (one image
 * asked for) and one structured text answer (a short tweak read back as JSON). Run by `npm run
 * engines -- check` and once at start in production.
 */
export async function checkEngines(config: Config, tuning: RemoteEngineTuning = {}): Promise<EngineCheck[]> {
  const { imageEngine, visionEngine } = createEngines(config, { maxRetries: 0, ...tuning });
  const chosen = configuredEngines(config);
  const room = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 190, g: 180, b: 165 } } })
    .webp()
    .toBuffer();
  const image = timed(chosen.image, async () => {
    const result = await imageEngine.redesign(
      {
        prompt: 'Repaint the walls of this room a warm white. Keep everything else as it is.',
        brief: {
          tool: 'furnishing',
          styleDescription: 'warm white walls',
          additionalText: '',
          architecturalChanges: false,
          architecturalDetails: '',
          items: [],
          inspirationCount: 0,
        },
        room: { role: 'room', data: room, mimeType: 'image/webp' },
        references: [],
        count: 1,
      },
      { requestKey: `engines-check:${Date.now()}`, signal: AbortSignal.timeout(180_000) },
    );
    const first = result.images[0];
    if (!first) throw new Error('no image came back');
    const { width = 0, height = 0 } = await sharp(first.data).metadata();
    return { imageSize: { width, height } };
  });
  const vision = timed(chosen.vision, async () => {
    const answer = await visionEngine.interpretTweak({ text: 'make the sofa green', scope: 'tweak' }, AbortSignal.timeout(120_000));
    if (!answer.changes.length) throw new Error('the answer named no change');
    return {};
  });
  return Promise.all([image, vision]);
}

async function timed(choice: EngineChoice, call: () => Promise<Partial<EngineCheck>>): Promise<EngineCheck> {
  const started = performance.now();
  try {
    const extra = await call();
    return { choice, ok: true, latencyMs: Math.round(performance.now() - started), ...extra };
  } catch (error) {
    const said =
      error instanceof EngineError
        ? [error.detail ?? error.message, error.status ? `(HTTP ${error.status})` : ''].join(' ').trim()
        : String(error);
    return { choice, ok: false, latencyMs: Math.round(performance.now() - started), error: said };
  }
}

/** One line per engine, as `npm run engines -- check` prints them. */
export function formatEngineChecks(checks: EngineCheck[]): string {
  return checks
    .map(({ choice, ok, latencyMs, imageSize, error }) => {
      const name = `${choice.kind.padEnd(6)} ${choice.engine} ${choice.model} (${choice.via})`;
      if (!ok) return `${name}: FAILED after ${latencyMs} ms: ${error}`;
      return `${name}: answered in ${latencyMs} ms${imageSize ? `, image ${imageSize.width}x${imageSize.height}` : ''}`;
    })
    .join('\n');
}
