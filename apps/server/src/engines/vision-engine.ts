import type { StyleLensSummary } from '@rv/contracts/api/account';
import type { ShoppableItem } from '@rv/contracts/api/designs';
import type { DesignBrief } from '../domain/design-brief';
import type { EngineName, RefineScope } from '@rv/contracts/domain';

export interface TweakInterpretation {
  /** Plain-language list of the changes understood, e.g. ["change the sofa colour to green"]. */
  changes: string[];
  /** Colours named in the tweak as hex values, e.g. ["#2e7d32"]. */
  colours: string[];
  /** Materials named in the tweak, e.g. ["oak", "marble"]. */
  materials: string[];
}

/**
 * 'Change only here' (ADR 022): the analysis of a masked refinement describes the painted area only. The
 * images given are then crops of that area (before and after); everything outside it was kept as it was.
 */
export interface ChangedArea {
  /** The painted share of the whole picture (0..1). */
  share: number;
  /** What the person asked for in that area (the tweak's words). */
  request: string;
}

export interface DesignAnalysisInput {
  original: Buffer;
  result: Buffer;
  brief: DesignBrief;
  /** Set for a masked refinement: `original` and `result` are the painted area before and after. */
  changedArea?: ChangedArea;
}

/**
 * A design's analysis in two parts (ADR 057): `html`, what the engine says of the images, never quoting the
 * owner's words, which anyone who may see the design reads; and `ownerHtml`, what it quotes of the owner's
 * brief or request ('' for none), which only the owner reads. Both use the analysis tags (below).
 */
export interface DesignAnalysis {
  html: string;
  ownerHtml: string;
}

/** The vision/text port. Implementations: local (offline default), gemini, openai. */
export interface VisionEngine {
  readonly name: EngineName;
  /** Design analysis as HTML (limited tags: p, h3, ul, li, strong, em, span with a style colour), the owner's words apart. */
  analyzeDesign(input: DesignAnalysisInput, signal?: AbortSignal): Promise<DesignAnalysis>;
  analyzeStyle(input: { photos: Buffer[] }, signal?: AbortSignal): Promise<{ lens: string; summary: StyleLensSummary }>;
  interpretTweak(input: { text: string; scope: RefineScope }, signal?: AbortSignal): Promise<TweakInterpretation>;
  /** The things in a design image a person could buy (at most 12), each in the store directory's categories. */
  listItems(input: { image: Buffer; brief: DesignBrief }, signal?: AbortSignal): Promise<ShoppableItem[]>;
}
