import { createHash } from 'node:crypto';
import { toFile } from 'openai';
import sharp from 'sharp';
import { reportEngineUsage } from '../engine-usage';
import type { EngineCallOptions, EngineResult, ImageEngine } from '../image-engine';
import { EngineError } from '../image-engine';
import type { LabelledImage } from '../design-brief';
import type { RemoteEngineOptions } from '../remote/call-with-retry';
import { imageSize, nearestShape, toEngineImage } from '../remote/image-facts';
import {
  capInputs,
  fixArchitectureParts,
  labelsAsText,
  redesignParts,
  refineParts,
  refinePrompt,
  type LabelledPart,
} from '../remote/label-images';
import { createOpenAiCaller } from './openai-client';
import { DEFAULT_OPENAI_IMAGE_MODEL, freeOutputSize, openAiImageModelFacts, type OpenAiDescription } from './openai-models';

export type OpenAiImageEngineOptions = RemoteEngineOptions & {
  /** What the operator said of a model the table does not know (OPENAI_MAX_INPUT_IMAGES, OPENAI_OUTPUT_SIZE). */
  described?: OpenAiDescription;
};

export { DEFAULT_OPENAI_IMAGE_MODEL };

const EXTENSION = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

/**
 * OpenAI images.edit: the images as files in their labelled order (room first, capped at the model
 * family's limit), the labels written into the one prompt, the room photo's shape at the largest size
 * the family makes up to about 2048 px, input_fidelity high where the family takes it.
 */
export function createOpenAiImageEngine(options: OpenAiImageEngineOptions): ImageEngine {
  const caller = createOpenAiCaller(options, { model: DEFAULT_OPENAI_IMAGE_MODEL, timeoutMs: 150_000, service: 'image' });
  const facts = openAiImageModelFacts(caller.model, options.described);

  async function edit(
    parts: LabelledPart[],
    prompt: string,
    room: LabelledImage,
    count: number,
    call: EngineCallOptions,
    mask?: Buffer,
  ): Promise<EngineResult> {
    const { width, height } = await imageSize(room.data);
    const size = facts.sizes === 'free' ? freeOutputSize(width, height) : nearestShape(width, height, facts.sizes);
    const sent = capInputs(parts, facts.maxInputImages);
    const { data: answer, request_id } = await caller.call(
      async (client, request) =>
        client.images
          .edit(
            {
              model: caller.model,
              // Fresh files each attempt: an upload body is read once.
              image: await Promise.all(
                sent.map(({ image }, index) =>
                  toFile(image.data, `image-${index + 1}.${EXTENSION[image.mimeType]}`, { type: image.mimeType }),
                ),
              ),
              // 'Change only here' (ADR 022): OpenAI's form, a PNG of Image 1's size, transparent where it may paint.
              ...(mask ? { mask: await toFile(mask, 'mask.png', { type: 'image/png' }) } : {}),
              prompt: `${labelsAsText(sent)}\n\n${prompt}`,
              ...(facts.inputFidelity ? { input_fidelity: 'high' as const } : {}),
              ...(facts.quality ? { quality: facts.quality } : {}),
              size,
              n: Math.max(1, count),
            },
            request,
          )
          .withResponse(),
      call.signal,
    );
    const mimeType = `image/${answer.output_format ?? 'png'}`;
    const images = await Promise.all(
      (answer.data ?? []).flatMap((image) => (image.b64_json ? [toEngineImage(Buffer.from(image.b64_json, 'base64'), mimeType)] : [])),
    );
    // Every output token of images.edit is an image token; input is split into text and image tokens.
    reportEngineUsage({
      inputTokens: answer.usage?.input_tokens ?? 0,
      outputTokens: answer.usage?.output_tokens ?? 0,
      imageInputTokens: answer.usage?.input_tokens_details?.image_tokens ?? 0,
      imageOutputTokens: answer.usage?.output_tokens ?? 0,
      images: images.length,
    });
    if (!images.length) throw new EngineError('The image service returned no image. Please try again.', true);
    return { images, providerRequestId: request_id || hashId(caller.model, call.requestKey) };
  }

  return {
    name: 'openai',
    redesign: (input, call) => edit(redesignParts(input), input.prompt, input.room, input.count, call),
    refine: async (input, call) =>
      edit(refineParts(input), refinePrompt(input), input.room, 1, call, input.mask && (await openAiMask(input.mask))),
    fixArchitecture: (input, call) => edit(fixArchitectureParts(input), input.prompt, input.room, 1, call),
  };
}

/** Our mask (255 = may change) as images.edit takes it: RGBA, alpha 0 where the model may paint, opaque elsewhere. */
export async function openAiMask(mask: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(mask).extractChannel(0).negate().raw().toBuffer({ resolveWithObject: true });
  return sharp({ create: { width: info.width, height: info.height, channels: 3, background: '#000000' } })
    .joinChannel(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .png()
    .toBuffer();
}

function hashId(model: string, requestKey: string): string {
  return `openai-${createHash('sha256').update(`${model}\n${requestKey}`).digest('hex').slice(0, 32)}`;
}
