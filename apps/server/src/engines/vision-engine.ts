import type { StyleLensSummary } from '@rv/contracts/api/account';
import type { ShoppableItem } from '@rv/contracts/api/designs';
import type { DesignBrief } from './design-brief';
import type { EngineName, RefineScope } from '@rv/contracts/domain';

export interface TweakInterpretation {
  /** Plain-language list of the changes understood, e.g. ["change the sofa colour to green"]. */
  changes: string[];
  /** Colours named in the tweak as hex values, e.g. ["#2e7d32"]. */
  colours: string[];
  /** Materials named in the tweak, e.g. ["oak", "marble"]. */
  materials: string[];
}

/** The vision/text port. Implementations: local (offline default), gemini, openai. */
export interface VisionEngine {
  readonly name: EngineName;
  /** Design analysis as HTML (limited tags: p, h3, ul, li, strong, em, span with a style colour). */
  analyzeDesign(input: { original: Buffer; result: Buffer; brief: DesignBrief }, signal?: AbortSignal): Promise<{ html: string }>;
  analyzeStyle(input: { photos: Buffer[] }, signal?: AbortSignal): Promise<{ lens: string; summary: StyleLensSummary }>;
  interpretTweak(input: { text: string; scope: RefineScope }, signal?: AbortSignal): Promise<TweakInterpretation>;
  /** The things in a design image a person could buy (at most 12), each in the store directory's categories. */
  listItems(input: { image: Buffer; brief: DesignBrief }, signal?: AbortSignal): Promise<ShoppableItem[]>;
}
