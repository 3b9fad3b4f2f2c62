import type { EnginePrice } from '../config/env';
import type { EngineUsage } from './engine-usage';

/**
 * What the default models cost, in US dollars (list prices as published when ADR 014 was written;
 * estimates, not an invoice). ENGINE_PRICES adds or replaces entries; a model is priced by its own
 * name, else by the longest name here it starts with (a dated snapshot takes its family's price).
 * Image models bill images as output tokens (Gemini, OpenAI GPT image), so perImage stays unset.
 */
export const DEFAULT_ENGINE_PRICES: Record<string, EnginePrice> = {
  'gemini-3.1-flash-image': { inputPerMillionTokens: 0.5, outputPerMillionTokens: 60 },
  'gemini-3-pro-image': { inputPerMillionTokens: 2, outputPerMillionTokens: 120 },
  'gemini-3.5-flash': { inputPerMillionTokens: 0.5, outputPerMillionTokens: 3 },
  'gpt-image-2': { inputPerMillionTokens: 8, outputPerMillionTokens: 30 },
  'gpt-5.4-mini': { inputPerMillionTokens: 0.75, outputPerMillionTokens: 4.5 },
  local: {},
};

export function priceOf(model: string, overrides: Record<string, EnginePrice> = {}): EnginePrice | undefined {
  const table = { ...DEFAULT_ENGINE_PRICES, ...overrides };
  if (table[model]) return table[model];
  const family = Object.keys(table)
    .filter((name) => model.startsWith(name))
    .sort((a, b) => b.length - a.length)[0];
  return family ? table[family] : undefined;
}

/** The estimated cost of one call's usage; 0 for a model with no price (the admin view says which). */
export function estimateCostUsd(model: string, usage: EngineUsage, overrides?: Record<string, EnginePrice>): number {
  const price = priceOf(model, overrides);
  if (!price) return 0;
  return (
    (usage.inputTokens * (price.inputPerMillionTokens ?? 0)) / 1e6 +
    (usage.outputTokens * (price.outputPerMillionTokens ?? 0)) / 1e6 +
    usage.images * (price.perImage ?? 0)
  );
}
