import type { EnginePrice } from '../config/env';

/** What a model makes: images (the image engine) or text (the analysis engine). */
export type ModelKind = 'image' | 'text';

/** A list price, and the last day (UTC, inclusive) it holds when the provider dated it; the next entry holds after. */
export type DatedPrice = EnginePrice & { until?: string };

/** A provider's announcement that a model is going: when, until when, and what it names instead. */
export interface ModelDeprecation {
  /** The day the provider announced it (YYYY-MM-DD). */
  announced: string;
  /** The shutdown day the provider announced (YYYY-MM-DD); unset when none was announced. */
  shutdown?: string;
  replacement?: string;
  /** The page that says so. */
  source: string;
}

/**
 * One model as its provider documents it, keyed by its exact id (and the other ids the provider
 * answers to for the same model: dated snapshots, -latest names). Nothing is inferred from a name.
 */
export interface KnownModel {
  id: string;
  aliases: readonly string[];
  kind: ModelKind;
  /** List prices in US dollars per million tokens, split as the provider bills them (text, thinking, image). */
  prices: readonly DatedPrice[];
  deprecation?: ModelDeprecation;
  /** Where the facts above were read, and the day they were checked. */
  source: string;
  checked: string;
}

/** The entry for this exact model id or one of its aliases (a Gemini `models/` prefix is ignored). */
export function findModel<T extends KnownModel>(table: readonly T[], model: string): T | undefined {
  const id = model.replace(/^models\//, '');
  return table.find((entry) => entry.id === id || entry.aliases.includes(id));
}

/** The price in effect on a day: the first entry whose `until` is not past. */
export function priceOn(prices: readonly DatedPrice[], at: Date): EnginePrice | undefined {
  const day = at.toISOString().slice(0, 10);
  const price = prices.find((entry) => !entry.until || day <= entry.until);
  if (!price) return undefined;
  const { until: _until, ...rest } = price;
  return rest;
}
