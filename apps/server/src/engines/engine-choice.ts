import type { Config } from '../config/env';
import { modelOf } from './engine-models';
import type { EngineKind, EngineName } from '@rv/contracts/domain';

export type { EngineKind, EngineName };

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
      const model = modelOf(config, 'gemini', kind === 'image' ? 'image' : 'text');
      const via = config.GOOGLE_CLOUD_PROJECT
        ? `Vertex AI (${config.GOOGLE_CLOUD_PROJECT}, ${config.GOOGLE_CLOUD_LOCATION})`
        : 'Gemini API';
      return { kind, engine, model, via };
    }
    if (engine === 'openai') {
      const model = modelOf(config, 'openai', kind === 'image' ? 'image' : 'text');
      return { kind, engine, model, via: config.OPENAI_BASE_URL ?? 'OpenAI' };
    }
    return { kind, engine, model: 'local', via: 'this server' };
  };
  return { image: choose('image', config.IMAGE_ENGINE), vision: choose('vision', config.VISION_ENGINE) };
}
