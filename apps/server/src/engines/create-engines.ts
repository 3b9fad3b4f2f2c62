import { ConfigError, type Config } from '../config/env';
import { createGeminiImageEngine } from './gemini/gemini-image-engine';
import { createGeminiVisionEngine } from './gemini/gemini-vision-engine';
import { configuredEngines } from './engine-choice';
import { undescribedModels } from './engine-models';
import type { ImageEngine } from './image-engine';
import { createLocalImageEngine } from './local/local-image-engine';
import { withLatency } from './local/local-latency';
import { createLocalVisionEngine } from './local/local-vision-engine';
import { createOpenAiImageEngine } from './openai/openai-image-engine';
import { createOpenAiVisionEngine } from './openai/openai-vision-engine';
import type { RemoteEngineOptions } from './remote/call-with-retry';
import { recordEngineCalls, type EngineCallRecord } from './record-engine-calls';
import type { VisionEngine } from './vision-engine';

/**
 * In production a hosted model is served only with facts we know or were told, never with guesses (ADR
 * 021): a configured model neither the tables know nor the operator described is refused, naming the
 * settings that describe it. The engines check it when they are built (config/env.ts only parses).
 */
export function refuseUndescribedModels(config: Config): void {
  if (config.NODE_ENV !== 'production') return;
  const problems = undescribedModels(config);
  if (problems.length)
    throw new ConfigError(
      problems.map((problem) => problem.variable),
      problems.map((problem) => `${problem.variable} ${problem.message}`).join('; '),
    );
}

/** Where the remote engines call and how they bound and retry a call (each unset value keeps the engine's default). */
export type RemoteEngineTuning = Omit<RemoteEngineOptions, 'apiKey' | 'model' | 'vertex'>;

/**
 * The image and vision engines chosen by IMAGE_ENGINE and VISION_ENGINE (local by default), with the
 * configured models; with `onCall`, every call is recorded (see record-engine-calls.ts).
 */
export function createEngines(
  config: Config,
  tuning: RemoteEngineTuning = {},
  onCall?: (record: EngineCallRecord) => void,
): { imageEngine: ImageEngine; visionEngine: VisionEngine } {
  refuseUndescribedModels(config);
  const chosen = configuredEngines(config);
  const gemini = (model: string): RemoteEngineOptions => ({
    ...tuning,
    model,
    ...(config.GOOGLE_CLOUD_PROJECT
      ? { vertex: { project: config.GOOGLE_CLOUD_PROJECT, location: config.GOOGLE_CLOUD_LOCATION } }
      : { apiKey: config.GEMINI_API_KEY }),
  });
  const openai = (model: string): RemoteEngineOptions => ({
    ...tuning,
    baseUrl: tuning.baseUrl ?? config.OPENAI_BASE_URL,
    model,
    apiKey: config.OPENAI_API_KEY,
  });
  const imageEngine =
    config.IMAGE_ENGINE === 'gemini'
      ? createGeminiImageEngine({
          ...gemini(chosen.image.model),
          described: { maxInputImages: config.GEMINI_MAX_INPUT_IMAGES, outputSize: config.GEMINI_OUTPUT_SIZE },
        })
      : config.IMAGE_ENGINE === 'openai'
        ? createOpenAiImageEngine({
            ...openai(chosen.image.model),
            described: { maxInputImages: config.OPENAI_MAX_INPUT_IMAGES, sizes: config.OPENAI_OUTPUT_SIZE },
          })
        : createLocalImageEngine();
  const visionEngine =
    config.VISION_ENGINE === 'gemini'
      ? createGeminiVisionEngine(gemini(chosen.vision.model))
      : config.VISION_ENGINE === 'openai'
        ? createOpenAiVisionEngine(openai(chosen.vision.model))
        : createLocalVisionEngine();
  const engines = withLatency({ imageEngine, visionEngine }, config.LOCAL_ENGINE_DELAY_MS);
  return onCall ? recordEngineCalls(engines, chosen, onCall) : engines;
}
