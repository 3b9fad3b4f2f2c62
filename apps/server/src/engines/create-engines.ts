import type { Config } from '../config/env';
import { createGeminiImageEngine } from './gemini/gemini-image-engine';
import { createGeminiVisionEngine } from './gemini/gemini-vision-engine';
import type { ImageEngine } from './image-engine';
import { createLocalImageEngine } from './local/local-image-engine';
import { withLatency } from './local/local-latency';
import { createLocalVisionEngine } from './local/local-vision-engine';
import { createOpenAiImageEngine } from './openai/openai-image-engine';
import { createOpenAiVisionEngine } from './openai/openai-vision-engine';
import type { RemoteEngineOptions } from './remote/call-with-retry';
import type { VisionEngine } from './vision-engine';

/** Where the remote engines call and how they bound and retry a call (each unset value keeps the engine's default). */
export type RemoteEngineTuning = Omit<RemoteEngineOptions, 'apiKey' | 'model'>;

/** The image and vision engines chosen by IMAGE_ENGINE and VISION_ENGINE (local by default). */
export function createEngines(config: Config, tuning: RemoteEngineTuning = {}): { imageEngine: ImageEngine; visionEngine: VisionEngine } {
  const imageEngine =
    config.IMAGE_ENGINE === 'gemini'
      ? createGeminiImageEngine({ ...tuning, apiKey: config.GEMINI_API_KEY! })
      : config.IMAGE_ENGINE === 'openai'
        ? createOpenAiImageEngine({ ...tuning, apiKey: config.OPENAI_API_KEY! })
        : createLocalImageEngine();
  const visionEngine =
    config.VISION_ENGINE === 'gemini'
      ? createGeminiVisionEngine({ ...tuning, apiKey: config.GEMINI_API_KEY! })
      : config.VISION_ENGINE === 'openai'
        ? createOpenAiVisionEngine({ ...tuning, apiKey: config.OPENAI_API_KEY! })
        : createLocalVisionEngine();
  return withLatency({ imageEngine, visionEngine }, config.LOCAL_ENGINE_DELAY_MS);
}
