import type { GenerateContentResponse, Part } from '@google/genai';
import { reportEngineUsage } from '../engine-usage';
import type { EngineImage, ImageEngine } from '../image-engine';
import type { RemoteEngineOptions } from '../remote/call-with-retry';
import { nearestShape, toEngineImage } from '../remote/image-facts';
import { maskInstruction, maskedRefineParts, refinePrompt, type LabelledPart } from '../remote/label-images';
import { createRemoteImageEngine, type ImageRequestPlugin } from '../remote/remote-image-engine';
import { fitInlineBudget } from '../remote/inline-budget';
import { blockedError, refusedError } from '../remote/service-errors';
import { EngineError, noImageError } from '../image-engine';
import { createGeminiCaller } from './gemini-client';
import { BLOCKED_FINISH } from './gemini-finish';
import { DEFAULT_GEMINI_IMAGE_MODEL, geminiImageModelFacts, type GeminiDescription } from './gemini-models';

export type GeminiImageEngineOptions = RemoteEngineOptions & {
  /** What the operator said of a model the table does not know (GEMINI_MAX_INPUT_IMAGES, GEMINI_OUTPUT_SIZE). */
  described?: GeminiDescription;
};

/**
 * The largest request with inline data: the Gemini API documents 100 MB since January 2026 (it was
 * 20 MB); for Vertex AI we keep the 20 MB the Gemini docs long gave, which we could not confirm is raised
 * there (ADR 021). Above it the reference images are sent smaller (remote/inline-budget.ts).
 */
export const INLINE_REQUEST_LIMIT = { 'gemini-api': 100 * 1024 * 1024, vertex: 20 * 1024 * 1024 } as const;

export { DEFAULT_GEMINI_IMAGE_MODEL };

/**
 * Gemini image models through @google/genai, as a plug-in of the remote image flow: all images in one
 * generateContent request, each after a text part naming its role, then the prompt; the answer's aspect
 * ratio is the room photo's, its size the largest the model's family offers up to about 2048 px, and the
 * inputs capped at the family's limit (the room photo first, inspiration last).
 */
export function createGeminiImageEngine(options: GeminiImageEngineOptions): ImageEngine {
  return createRemoteImageEngine(geminiImageRequests(options));
}

export function geminiImageRequests(options: GeminiImageEngineOptions): ImageRequestPlugin {
  const caller = createGeminiCaller(options, { model: DEFAULT_GEMINI_IMAGE_MODEL, timeoutMs: 150_000, service: 'image' });
  const facts = geminiImageModelFacts(caller.model, options.described);

  async function generateOne(parts: LabelledPart[], prompt: string, aspectRatio: string, signal?: AbortSignal) {
    const response = await caller.generate(
      {
        contents: [{ role: 'user', parts: [...parts.flatMap(labelledImagePart), { text: prompt }] }],
        config: {
          responseModalities: ['IMAGE'],
          imageConfig: { aspectRatio, ...(facts.imageSize ? { imageSize: facts.imageSize } : {}) },
        },
      },
      signal,
    );
    return { images: await imagesOf(response), responseId: response.responseId };
  }

  return {
    name: 'gemini',
    model: caller.model,
    maxInputImages: facts.maxInputImages,
    async send({ parts, prompt, room, count }, signal) {
      const aspectRatio = nearestShape(room.width, room.height, facts.aspectRatios);
      const budget = options.maxInlineRequestBytes ?? INLINE_REQUEST_LIMIT[caller.backend];
      const sent = await fitInlineBudget(parts, budget, Buffer.byteLength(prompt));
      // Gemini's image models make one image per request (no candidateCount), so count images are count requests.
      // Each is paid for: the delivered ones are kept when another is blocked or comes back empty (ADR 034).
      const settled = await Promise.allSettled(Array.from({ length: count }, () => generateOne(sent, prompt, aspectRatio, signal)));
      const answers = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
      const failures = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
      signal?.throwIfAborted();
      if (!answers.length) throw weightiest(failures);
      const ids = answers.map((answer) => answer.responseId).filter((id): id is string => Boolean(id));
      const declined = failures.map((failure) =>
        failure instanceof EngineError
          ? failure
          : new EngineError(
              'The image service had a problem.',
              false,
              undefined,
              failure instanceof Error ? failure.message : String(failure),
            ),
      );
      return { images: answers.flatMap((answer) => answer.images), providerRequestId: ids.join(','), declined };
    },
    // 'Change only here' (ADR 022): the mask goes as the last image, with an instruction naming it.
    async maskedRefine(input) {
      const parts = maskedRefineParts(input, facts.maxInputImages);
      return { parts, prompt: `${refinePrompt(input)}\n\n${maskInstruction(parts.length)}` };
    },
  };
}

/**
 * When no variation came back, the failure that says most: the operator's set-up first, then one that
 * no retry mends (a block, a refusal), then the first (all blocked: the refusal, as for one request).
 */
function weightiest(failures: unknown[]): unknown {
  const engineErrors = failures.filter((failure): failure is EngineError => failure instanceof EngineError);
  return (
    failures.find((failure) => !(failure instanceof EngineError)) ??
    engineErrors.find((error) => error.kind === 'configuration') ??
    engineErrors.find((error) => !error.retryable) ??
    failures[0]
  );
}

function labelledImagePart({ label, image }: LabelledPart): Part[] {
  return [{ text: label }, { inlineData: { mimeType: image.mimeType, data: image.data.toString('base64') } }];
}

/** The inline images of the first candidate; none means the model declined, and its words (or the block reason) say why. */
async function imagesOf(response: GenerateContentResponse): Promise<EngineImage[]> {
  const blockReason = response.promptFeedback?.blockReason;
  if (blockReason) throw blockedError('image', response.promptFeedback?.blockReasonMessage ?? `blocked (${blockReason})`);
  const candidate = response.candidates?.[0];
  const parts = candidate?.content?.parts ?? [];
  const images = await Promise.all(
    parts.flatMap((part) =>
      part.inlineData?.data && !part.thought ? [toEngineImage(Buffer.from(part.inlineData.data, 'base64'), part.inlineData.mimeType)] : [],
    ),
  );
  if (images.length) {
    reportEngineUsage({ images: images.length });
    return images;
  }
  const finishReason = candidate?.finishReason;
  const said = parts
    .map((part) => part.text ?? '')
    .join(' ')
    .trim();
  if (finishReason && BLOCKED_FINISH.has(finishReason))
    throw blockedError('image', candidate?.finishMessage ?? (said || `blocked (${finishReason})`));
  if (said) throw refusedError('image', said);
  // NO_IMAGE, IMAGE_OTHER or nothing at all: one more paid attempt per design at most (ADR 034).
  throw noImageError(finishReason ? `finished ${finishReason} without an image` : undefined);
}
