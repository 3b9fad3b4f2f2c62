import type { EnginePrice } from '../config/env';
import { GEMINI_MODELS } from './gemini/gemini-models';
import { findModel, priceOn } from './model-table';
import { OPENAI_MODELS } from './openai/openai-models';
import type { EngineUsage } from './engine-usage';

/**
 * What a model costs, in US dollars (estimates, not an invoice): ENGINE_PRICES for this exact model
 * first, else the list price the provider's table (engines/gemini/gemini-models.ts,
 * engines/openai/openai-models.ts) gives for the day, found by exact id or alias. No price is guessed
 * from a name: a model neither knows has none (and production refuses to start with it, ADR 021).
 */
export function priceOf(model: string, overrides: Record<string, EnginePrice> = {}, at = new Date()): EnginePrice | undefined {
  if (model === 'local') return {};
  const own = overrides[model];
  if (own) return own;
  const known = findModel(GEMINI_MODELS, model) ?? findModel(OPENAI_MODELS, model);
  return known ? priceOn(known.prices, at) : undefined;
}

/**
 * The estimated cost of one call's usage, each kind of token at its own rate: text and image input,
 * text output, thinking and image output (image input falls back to the input rate; thinking and image
 * output to the output rate). 0 for a model with no price (the admin view says which).
 */
export function estimateCostUsd(model: string, usage: EngineUsage, overrides?: Record<string, EnginePrice>, at = new Date()): number {
  const price = priceOf(model, overrides, at);
  if (!price) return 0;
  const input = price.inputPerMillionTokens ?? 0;
  const output = price.outputPerMillionTokens ?? 0;
  const imageInput = Math.min(usage.imageInputTokens ?? 0, usage.inputTokens);
  const thinking = usage.thinkingTokens ?? 0;
  const imageOutput = usage.imageOutputTokens ?? 0;
  const textOutput = Math.max(0, usage.outputTokens - thinking - imageOutput);
  return (
    ((usage.inputTokens - imageInput) * input +
      imageInput * (price.imageInputPerMillionTokens ?? input) +
      textOutput * output +
      thinking * (price.thinkingPerMillionTokens ?? output) +
      imageOutput * (price.imageOutputPerMillionTokens ?? output)) /
      1e6 +
    usage.images * (price.perImage ?? 0)
  );
}
