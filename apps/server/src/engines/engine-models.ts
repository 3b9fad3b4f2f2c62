import type { EnginePrice } from '../config/env';
import { DEFAULT_GEMINI_IMAGE_MODEL, DEFAULT_GEMINI_TEXT_MODEL, GEMINI_MODELS, GEMINI_OUTPUT_SIZES } from './gemini/gemini-models';
import { findModel, type KnownModel, type ModelKind } from './model-table';
import { DEFAULT_OPENAI_IMAGE_MODEL, DEFAULT_OPENAI_TEXT_MODEL, OPENAI_MODELS } from './openai/openai-models';
import type { EngineName } from '@rv/contracts/domain';

/** The settings that choose the hosted models and describe a model the tables do not know. */
export interface ModelSettings {
  IMAGE_ENGINE: EngineName;
  VISION_ENGINE: EngineName;
  GEMINI_IMAGE_MODEL?: string;
  GEMINI_TEXT_MODEL?: string;
  OPENAI_IMAGE_MODEL?: string;
  OPENAI_TEXT_MODEL?: string;
  GEMINI_MAX_INPUT_IMAGES?: number;
  GEMINI_OUTPUT_SIZE?: string;
  OPENAI_MAX_INPUT_IMAGES?: number;
  OPENAI_OUTPUT_SIZE?: 'free' | readonly string[];
  ENGINE_PRICES?: Record<string, EnginePrice>;
}

export type Provider = 'gemini' | 'openai';

/** The table of each provider's known models. */
export const MODEL_TABLES: Record<Provider, { table: readonly KnownModel[]; file: string; name: string }> = {
  gemini: { table: GEMINI_MODELS, file: 'engines/gemini/gemini-models.ts', name: 'Gemini' },
  openai: { table: OPENAI_MODELS, file: 'engines/openai/openai-models.ts', name: 'OpenAI' },
};

/** The model a provider's engine of this kind calls: the configured one, else the default (ADR 021). */
export function modelOf(settings: ModelSettings, provider: Provider, kind: ModelKind): string {
  if (provider === 'gemini')
    return kind === 'image'
      ? (settings.GEMINI_IMAGE_MODEL ?? DEFAULT_GEMINI_IMAGE_MODEL)
      : (settings.GEMINI_TEXT_MODEL ?? DEFAULT_GEMINI_TEXT_MODEL);
  return kind === 'image'
    ? (settings.OPENAI_IMAGE_MODEL ?? DEFAULT_OPENAI_IMAGE_MODEL)
    : (settings.OPENAI_TEXT_MODEL ?? DEFAULT_OPENAI_TEXT_MODEL);
}

/** The table's entry for a model, or undefined when the table does not know it. */
export function knownModel(provider: Provider, model: string): KnownModel | undefined {
  return findModel(MODEL_TABLES[provider].table, model);
}

/**
 * The configured hosted models that neither the tables know nor the operator described, each with the
 * message that says how to describe it: production refuses to start with them (a wrong cap or a $0 cost
 * would otherwise be served silently). An image model needs its input cap, its output size and its
 * prices; a text model its prices.
 */
export function undescribedModels(settings: ModelSettings): { variable: string; message: string }[] {
  const problems: { variable: string; message: string }[] = [];
  const engines: [Provider, ModelKind][] = [];
  if (settings.IMAGE_ENGINE !== 'local') engines.push([settings.IMAGE_ENGINE, 'image']);
  if (settings.VISION_ENGINE !== 'local') engines.push([settings.VISION_ENGINE, 'text']);
  for (const [provider, kind] of engines) {
    const model = modelOf(settings, provider, kind);
    if (knownModel(provider, model)) continue;
    const prefix = provider === 'gemini' ? 'GEMINI' : 'OPENAI';
    const variable = `${prefix}_${kind === 'image' ? 'IMAGE' : 'TEXT'}_MODEL`;
    const priced = Boolean(settings.ENGINE_PRICES?.[model]);
    const capped = kind === 'text' || settings[`${prefix}_MAX_INPUT_IMAGES`] !== undefined;
    const sized = kind === 'text' || settings[`${prefix}_OUTPUT_SIZE`] !== undefined;
    if (priced && capped && sized) continue;
    const { table, file, name } = MODEL_TABLES[provider];
    const sizes = provider === 'gemini' ? GEMINI_OUTPUT_SIZES.join(', ') : "'free' or a comma list such as 1024x1024,1536x1024";
    const describe =
      kind === 'image'
        ? `${prefix}_MAX_INPUT_IMAGES (input images one request may carry), ${prefix}_OUTPUT_SIZE (${sizes}) and its prices in ENGINE_PRICES ({"${model}":{"inputPerMillionTokens":n,"outputPerMillionTokens":n,"imageOutputPerMillionTokens":n}})`
        : `its prices in ENGINE_PRICES ({"${model}":{"inputPerMillionTokens":n,"outputPerMillionTokens":n}})`;
    const known = table.filter((entry) => entry.kind === kind && !entry.deprecation).map((entry) => entry.id);
    problems.push({
      variable,
      message: `${model} is not in the table of ${name} models this server knows (${file}): describe it with ${describe}, or choose one it knows: ${known.join(', ')}`,
    });
  }
  return problems;
}

/** The provider's deprecation of a model as the table records it, in one line with its dates; null when none is recorded. */
export function deprecationNote(provider: Provider, model: string): string | null {
  const deprecation = knownModel(provider, model)?.deprecation;
  if (!deprecation) return null;
  return `deprecated since ${deprecation.announced}${deprecation.shutdown ? `, shutdown ${deprecation.shutdown}` : ', no shutdown date announced by the provider'}${deprecation.replacement ? `; the provider names ${deprecation.replacement} instead` : ''} (${deprecation.source.split(' ')[0]})`;
}
