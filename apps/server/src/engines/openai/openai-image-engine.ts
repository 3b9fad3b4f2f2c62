import sharp from 'sharp';
import { reportEngineUsage } from '../engine-usage';
import type { ImageEngine } from '../image-engine';
import type { RemoteEngineOptions } from '../remote/call-with-retry';
import { nearestShape, toEngineImage } from '../remote/image-facts';
import { labelsAsText, refineParts, refinePrompt } from '../remote/label-images';
import { createRemoteImageEngine, type ImageRequestPlugin } from '../remote/remote-image-engine';
import { createOpenAiCaller, loadOpenAiSdk } from './openai-client';
import { DEFAULT_OPENAI_IMAGE_MODEL, freeOutputSize, openAiImageModelFacts, type OpenAiDescription } from './openai-models';

export type OpenAiImageEngineOptions = RemoteEngineOptions & {
  /** What the operator said of a model the table does not know (OPENAI_MAX_INPUT_IMAGES, OPENAI_OUTPUT_SIZE). */
  described?: OpenAiDescription;
};

export { DEFAULT_OPENAI_IMAGE_MODEL };

const EXTENSION = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

/**
 * OpenAI images.edit, as a plug-in of the remote image flow: the images as files in their labelled order
 * (room first, capped at the model family's limit), the labels written into the one prompt, the room
 * photo's shape at the largest size the family makes up to about 2048 px, input_fidelity high where the
 * family takes it.
 */
export function createOpenAiImageEngine(options: OpenAiImageEngineOptions): ImageEngine {
  return createRemoteImageEngine(openAiImageRequests(options));
}

export function openAiImageRequests(options: OpenAiImageEngineOptions): ImageRequestPlugin {
  const caller = createOpenAiCaller(options, { model: DEFAULT_OPENAI_IMAGE_MODEL, timeoutMs: 150_000, service: 'image' });
  const facts = openAiImageModelFacts(caller.model, options.described);

  return {
    name: 'openai',
    model: caller.model,
    maxInputImages: facts.maxInputImages,
    async send({ parts, prompt, room, count, mask }, signal) {
      const size = facts.sizes === 'free' ? freeOutputSize(room.width, room.height) : nearestShape(room.width, room.height, facts.sizes);
      const { toFile } = await loadOpenAiSdk();
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
                // 'Change only here' (ADR 022): OpenAI's form, a PNG of Image 1's size, transparent where it may paint.
                ...(mask ? { mask: await toFile(mask, 'mask.png', { type: 'image/png' }) } : {}),
                prompt: `${labelsAsText(parts)}\n\n${prompt}`,
                ...(facts.inputFidelity ? { input_fidelity: 'high' as const } : {}),
                ...(facts.quality ? { quality: facts.quality } : {}),
                size,
                n: count,
              },
              request,
            )
            .withResponse(),
        signal,
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
      return { images, providerRequestId: request_id ?? undefined };
    },
    async maskedRefine(input) {
      return { parts: refineParts(input), prompt: refinePrompt(input), mask: await openAiMask(input.mask) };
    },
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
