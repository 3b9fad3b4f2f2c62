import type { Config } from '../config/env';
import { DEFAULT_GEMINI_IMAGE_MODEL } from './gemini/gemini-image-engine';
import { DEFAULT_GEMINI_TEXT_MODEL } from './gemini/gemini-vision-engine';
import { DEFAULT_OPENAI_IMAGE_MODEL } from './openai/openai-image-engine';
import { DEFAULT_OPENAI_TEXT_MODEL } from './openai/openai-vision-engine';

export type EngineName = 'local' | 'gemini' | 'openai';
export type EngineKind = 'image' | 'vision';

/** One configured engine as an operator reads it: which service, which model, through which way in. */
export interface EngineChoice {
  kind: EngineKind;
  engine: EngineName;
  model: string;
  /** Where the calls go: 'local', 'Gemini API', 'Vertex AI (project, location)', 'OpenAI', or the gateway's URL. */
  via: string;
}

/** The engines IMAGE_ENGINE and VISION_ENGINE choose, with the model each calls (the configured one, else the adapter's default). */
export function configuredEngines(config: Config): Record<EngineKind, EngineChoice> {
  const choose = (kind: EngineKind, engine: EngineName): EngineChoice => {
    if (engine === 'gemini') {
      const model =
        kind === 'image'
          ? (config.GEMINI_IMAGE_MODEL ?? DEFAULT_GEMINI_IMAGE_MODEL)
          : (config.GEMINI_TEXT_MODEL ?? DEFAULT_GEMINI_TEXT_MODEL);
      const via = config.GOOGLE_CLOUD_PROJECT
        ? `Vertex AI (${config.GOOGLE_CLOUD_PROJECT}, ${config.GOOGLE_CLOUD_LOCATION})`
        : 'Gemini API';
      return { kind, engine, model, via };
    }
    if (engine === 'openai') {
      const model =
        kind === 'image'
          ? (config.OPENAI_IMAGE_MODEL ?? DEFAULT_OPENAI_IMAGE_MODEL)
          : (config.OPENAI_TEXT_MODEL ?? DEFAULT_OPENAI_TEXT_MODEL);
      return { kind, engine, model, via: config.OPENAI_BASE_URL ?? 'OpenAI' };
    }
    return { kind, engine, model: 'local', via: 'this server' };
  };
  return { image: choose('image', config.IMAGE_ENGINE), vision: choose('vision', config.VISION_ENGINE) };
}
