import { createHash } from 'node:crypto';
import { toFile } from 'openai';
import type { EngineCallOptions, EngineResult, ImageEngine } from '../image-engine';
import { EngineError } from '../image-engine';
import type { LabelledImage } from '../design-brief';
import type { RemoteEngineOptions } from '../remote/call-with-retry';
import { imageSize, nearestShape, toEngineImage } from '../remote/image-facts';
import { fixArchitectureParts, labelsAsText, redesignParts, refineParts, refinePrompt, type LabelledPart } from '../remote/label-images';
import { createOpenAiCaller } from './openai-client';

export type OpenAiImageEngineOptions = RemoteEngineOptions;

/** The sizes the GPT image models make. */
export const OPENAI_IMAGE_SIZES = ['1024x1024', '1536x1024', '1024x1536'] as const;

const EXTENSION = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

/**
 * OpenAI images.edit (gpt-image-1, input_fidelity high): the images as files in their labelled order
 * (room first), the labels written into the one prompt, the size closest to the room photo's shape.
 */
export function createOpenAiImageEngine(options: OpenAiImageEngineOptions): ImageEngine {
  const caller = createOpenAiCaller(options, { model: 'gpt-image-1', timeoutMs: 150_000, service: 'image' });

  async function edit(
    parts: LabelledPart[],
    prompt: string,
    room: LabelledImage,
    count: number,
    call: EngineCallOptions,
  ): Promise<EngineResult> {
    const { width, height } = await imageSize(room.data);
    const size = nearestShape(width, height, OPENAI_IMAGE_SIZES);
    const { data: answer, request_id } = await caller.call(
      async (client, request) =>
        client.images
          .edit(
            {
              model: caller.model,
              // Fresh files each attempt: an upload body is read once.
              image: await Promise.all(
                parts.map(({ image }, index) =>
                  toFile(image.data, `image-${index + 1}.${EXTENSION[image.mimeType]}`, { type: image.mimeType }),
                ),
              ),
              prompt: `${labelsAsText(parts)}\n\n${prompt}`,
              input_fidelity: 'high',
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
    if (!images.length) throw new EngineError('The image service returned no image. Please try again.', true);
    return { images, providerRequestId: request_id || hashId(caller.model, call.requestKey) };
  }

  return {
    name: 'openai',
    redesign: (input, call) => edit(redesignParts(input), input.prompt, input.room, input.count, call),
    refine: (input, call) => edit(refineParts(input), refinePrompt(input), input.room, 1, call),
    fixArchitecture: (input, call) => edit(fixArchitectureParts(input), input.prompt, input.room, 1, call),
  };
}

function hashId(model: string, requestKey: string): string {
  return `openai-${createHash('sha256').update(`${model}\n${requestKey}`).digest('hex').slice(0, 32)}`;
}
