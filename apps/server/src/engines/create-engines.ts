import type { Config } from '../config/env';
import { createGeminiImageEngine } from './gemini/gemini-image-engine';
import { createGeminiVisionEngine } from './gemini/gemini-vision-engine';
import type { ImageEngine } from './image-engine';
import { createLocalImageEngine } from './local/local-image-engine';
import { withLatency } from './local/local-latency';
import { createLocalVisionEngine } from './local/local-vision-engine';
import { createOpenAiImageEngine } from './openai/openai-image-engine';
import { createOpenAiVisionEngine } from './openai/openai-vision-engine';
import type { VisionEngine } from './vision-engine';

/** The image and vision engines chosen by IMAGE_ENGINE and VISION_ENGINE (local by default). */
export function createEngines(config: Config): { imageEngine: ImageEngine; visionEngine: VisionEngine } {
  const imageEngine =
    config.IMAGE_ENGINE === 'gemini'
      ? createGeminiImageEngine({ apiKey: config.GEMINI_API_KEY! })
      : config.IMAGE_ENGINE === 'openai'
        ? createOpenAiImageEngine({ apiKey: config.OPENAI_API_KEY! })
        : createLocalImageEngine();
  const visionEngine =
    config.VISION_ENGINE === 'gemini'
      ? createGeminiVisionEngine({ apiKey: config.GEMINI_API_KEY! })
      : config.VISION_ENGINE === 'openai'
        ? createOpenAiVisionEngine({ apiKey: config.OPENAI_API_KEY! })
        : createLocalVisionEngine();
  return withLatency({ imageEngine, visionEngine }, config.LOCAL_ENGINE_DELAY_MS);
}
