import type { GenerateContentResponse, Part } from '@google/genai';
import type { VisionEngine } from '../vision-engine';
import type { RemoteEngineOptions } from '../remote/call-with-retry';
import { imageMimeType } from '../remote/image-facts';
import { blockedError } from '../remote/service-errors';
import {
  askForJson,
  designAnalysisLabels,
  designAnalysisPrompt,
  designAnalysisTask,
  styleAnalysisPrompt,
  styleAnalysisTask,
  tweakInterpretationTask,
  tweakPrompt,
  wireSchema,
  type VisionTask,
} from '../remote/vision-answers';
import { shoppableItemsPrompt, shoppableItemsTask, toShoppableItems } from '../remote/shoppable-items-answer';
import { createGeminiCaller } from './gemini-client';
import { DEFAULT_GEMINI_TEXT_MODEL } from './gemini-models';
import { BLOCKED_FINISH } from './gemini-finish';

export type GeminiVisionEngineOptions = RemoteEngineOptions;

export { DEFAULT_GEMINI_TEXT_MODEL };

/** Gemini text models with structured output (responseJsonSchema), every answer checked with zod. */
export function createGeminiVisionEngine(options: GeminiVisionEngineOptions): VisionEngine {
  const caller = createGeminiCaller(options, { model: DEFAULT_GEMINI_TEXT_MODEL, timeoutMs: 90_000, service: 'analysis' });

  function ask<T>(task: VisionTask<T>, parts: Part[], signal?: AbortSignal): Promise<T> {
    return askForJson(task, async () => {
      const response = await caller.generate(
        {
          contents: [{ role: 'user', parts }],
          config: { responseMimeType: 'application/json', responseJsonSchema: wireSchema(task) },
        },
        signal,
      );
      return textOf(response);
    });
  }

  return {
    name: 'gemini',
    async analyzeDesign({ original, result, brief, changedArea }, signal) {
      const [before, after] = designAnalysisLabels(changedArea);
      const parts = [
        { text: before },
        await inlineImage(original),
        { text: after },
        await inlineImage(result),
        { text: designAnalysisPrompt(brief, changedArea) },
      ];
      return ask(designAnalysisTask, parts, signal);
    },
    async analyzeStyle({ photos }, signal) {
      const images = await Promise.all(photos.map(inlineImage));
      const parts = [
        ...images.flatMap((image, index) => [{ text: `Image ${index + 1}: INSPIRATION ${index + 1}` }, image]),
        { text: styleAnalysisPrompt(photos.length) },
      ];
      return ask(styleAnalysisTask, parts, signal);
    },
    interpretTweak({ text, scope }, signal) {
      return ask(tweakInterpretationTask, [{ text: tweakPrompt(text, scope) }], signal);
    },
    async listItems({ image, brief }, signal) {
      const parts = [{ text: 'Image 1: REDESIGNED ROOM' }, await inlineImage(image), { text: shoppableItemsPrompt(brief) }];
      return toShoppableItems(await ask(shoppableItemsTask, parts, signal));
    },
  };
}

async function inlineImage(data: Buffer): Promise<Part> {
  return { inlineData: { mimeType: await imageMimeType(data), data: data.toString('base64') } };
}

/** The answer's text; a blocked prompt or a stop for safety, blocklist, SPII or recitation is a block, not a malformed answer (no second paid call). */
function textOf(response: GenerateContentResponse): string | undefined {
  const blockReason = response.promptFeedback?.blockReason;
  if (blockReason) throw blockedError('analysis', response.promptFeedback?.blockReasonMessage ?? `blocked (${blockReason})`);
  const candidate = response.candidates?.[0];
  if (candidate?.finishReason && BLOCKED_FINISH.has(candidate.finishReason))
    throw blockedError('analysis', candidate.finishMessage ?? `blocked (${candidate.finishReason})`);
  return (candidate?.content?.parts ?? [])
    .filter((part) => typeof part.text === 'string' && !part.thought)
    .map((part) => part.text)
    .join('');
}
