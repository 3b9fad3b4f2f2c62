import type { DesignBrief } from '../domain/design-brief';
import type { LabelledImage } from '../domain/design-brief';
import type { EngineName, RefineScope } from '@rv/contracts/domain';

export interface EngineImage {
  data: Buffer;
  mimeType: 'image/webp' | 'image/jpeg' | 'image/png';
}

export interface EngineResult {
  images: EngineImage[];
  /** The provider's id for the request (saved before waiting, so a retried job does not pay twice). */
  providerRequestId: string;
  /**
   * Variations asked for that did not come back (blocked, refused, no image) while others did: the
   * delivered ones are kept, paid for (ADR 034); these say why the others are missing, for the log.
   */
  declined?: EngineError[];
  /**
   * A look's reference image did not fit the model's input limit (issue 49): the look reached it in words
   * only, and this says how many images the model takes, for the person to be told.
   */
  lookAsWordsOnly?: number;
  /**
   * What the engine did not do of the request, in the person's words (the local preview engine: "cannot add
   * a bookshelf", issue 51); shown to the design's owner on the result.
   */
  notes?: string[];
}

export interface EngineCallOptions {
  /** Our idempotency key for the call (job id + step). */
  requestKey: string;
  signal?: AbortSignal;
}

export interface RedesignInput {
  prompt: string;
  brief: DesignBrief;
  room: LabelledImage;
  /** Items/finishes and inspiration photos, each labelled by role. */
  references: LabelledImage[];
  count: number;
}

export interface RefineInput {
  prompt: string;
  /** The image being refined. */
  base: LabelledImage;
  /** The original room photo, for the architecture. */
  room: LabelledImage;
  tweakText: string;
  scope: RefineScope;
  tweakImages: LabelledImage[];
  /**
   * 'Change only here' (ADR 022): the painted area, a one-channel PNG of the base's size, 255 where the
   * engine may change the image. Each engine sends it in its service's form; the server composites the
   * answer back inside it whatever the service did.
   */
  mask?: Buffer;
}

export interface FixArchitectureInput {
  prompt: string;
  room: LabelledImage;
  /** The result whose architecture drifted. */
  drifted: LabelledImage;
}

/** The image-engine port. Implementations: local (offline default), gemini, openai. */
export interface ImageEngine {
  readonly name: EngineName;
  redesign(input: RedesignInput, options: EngineCallOptions): Promise<EngineResult>;
  refine(input: RefineInput, options: EngineCallOptions): Promise<EngineResult>;
  fixArchitecture(input: FixArchitectureInput, options: EngineCallOptions): Promise<EngineResult>;
}

/**
 * What an engine failure means beyond retrying (ADR 034): 'configuration', the operator's set-up (a bad
 * key, billing, an unsupported region, a retired model), which no retry mends and the operator must be
 * alerted to; 'no-image', an answer without an image, worth at most one more paid attempt per design.
 */
export type EngineErrorKind = 'configuration' | 'no-image';

/**
 * A failure the user can be told about; `retryable` ones (429, 5xx, time-outs) are retried with backoff.
 * The message is ours, for the user; `detail` is the service's own words (an invalid key, a retired
 * model, a safety reason), for the log and the admin view only, with any key fragment taken out.
 */
export class EngineError extends Error {
  constructor(
    message: string,
    public readonly retryable: boolean,
    public readonly status?: number,
    public readonly detail?: string,
    public readonly kind?: EngineErrorKind,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

/** The answer had no image (and no words or block saying why): worth one more paid attempt per design, no more (ADR 034). */
export const NO_IMAGE_MESSAGE = 'The image service returned no image. Please try again.';

export function noImageError(detail?: string): EngineError {
  return new EngineError(NO_IMAGE_MESSAGE, true, undefined, detail, 'no-image');
}
