import { createHash } from 'node:crypto';
import type { EngineCallOptions, EngineImage, EngineResult, ImageEngine, RefineInput } from '../image-engine';
import { noImageError, type EngineError } from '../image-engine';
import { imageSize } from './image-facts';
import {
  capInputs,
  lookAsWordsNote,
  fixArchitectureParts,
  redesignParts,
  refineParts,
  refinePrompt,
  type LabelledPart,
} from './label-images';

/** One request to a hosted image model, as the flow hands it to the provider's plug-in. */
export interface ImageRequest {
  /** The labelled images, most important first, already capped at the model's input limit. */
  parts: LabelledPart[];
  prompt: string;
  /** The room photo's size: the answer takes its shape. */
  room: { width: number; height: number };
  /** How many images to make. */
  count: number;
  /** 'Change only here': the painted area in the service's own form, when it takes one as a file. */
  mask?: Buffer;
}

/**
 * What a provider plugs into the remote image flow: how it builds and sends one request and reads its
 * answer (the images, with usage reported and refusals or blocks thrown as EngineErrors), and how it
 * asks for a masked refinement. Retries, time-outs and the classification of failures live in the
 * provider's caller (remote/call-with-retry.ts).
 */
export interface ImageRequestPlugin {
  name: 'gemini' | 'openai';
  model: string;
  maxInputImages: number;
  send(
    request: ImageRequest,
    signal: AbortSignal | undefined,
  ): Promise<{ images: EngineImage[]; providerRequestId?: string; declined?: EngineError[] }>;
  /** A refinement within a painted area (ADR 022), in the service's documented form. */
  maskedRefine(input: RefineInput & { mask: Buffer }): Promise<Pick<ImageRequest, 'parts' | 'prompt' | 'mask'>>;
}

/**
 * The one flow of the hosted image engines: the inputs labelled by role (remote/label-images.ts) and
 * capped at the model's limit, the request built and sent by the provider's plug-in, an answer without
 * an image a 'no-image' failure (ADR 034), and the provider's request id (or, without one, a stable id of our own request).
 */
export function createRemoteImageEngine(plugin: ImageRequestPlugin): ImageEngine {
  async function generate(
    request: Pick<ImageRequest, 'parts' | 'prompt' | 'mask'>,
    room: Buffer,
    count: number,
    call: EngineCallOptions,
  ): Promise<EngineResult> {
    const parts = capInputs(request.parts, plugin.maxInputImages);
    // A look whose reference image did not fit goes in words only, and the model is told so (issue 49).
    const lookLeftOut = request.parts.some((part) => part.image.role === 'look') && !parts.some((part) => part.image.role === 'look');
    const sent = {
      ...request,
      prompt: lookLeftOut ? `${request.prompt}\n\n${lookAsWordsNote(plugin.maxInputImages)}` : request.prompt,
      parts,
      room: await imageSize(room),
      count: Math.max(1, count),
    };
    const { images, providerRequestId, declined } = await plugin.send(sent, call.signal);
    if (!images.length) throw noImageError();
    return {
      images,
      providerRequestId: providerRequestId || ownRequestId(plugin, call.requestKey),
      ...(declined?.length ? { declined } : {}),
      ...(lookLeftOut ? { lookAsWordsOnly: plugin.maxInputImages } : {}),
    };
  }

  return {
    name: plugin.name,
    redesign: (input, call) => generate({ parts: redesignParts(input), prompt: input.prompt }, input.room.data, input.count, call),
    refine: async (input, call) =>
      generate(
        input.mask ? await plugin.maskedRefine({ ...input, mask: input.mask }) : { parts: refineParts(input), prompt: refinePrompt(input) },
        input.room.data,
        1,
        call,
      ),
    fixArchitecture: (input, call) => generate({ parts: fixArchitectureParts(input), prompt: input.prompt }, input.room.data, 1, call),
  };
}

/** A stable id for a request the provider gave none for: the same model and request key give the same id. */
function ownRequestId(plugin: Pick<ImageRequestPlugin, 'name' | 'model'>, requestKey: string): string {
  return `${plugin.name}-${createHash('sha256').update(`${plugin.model}\n${requestKey}`).digest('hex').slice(0, 32)}`;
}
