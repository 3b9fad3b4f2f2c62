import type { ChatCompletionContentPart } from 'openai/resources/chat/completions';
import { reportEngineUsage } from '../engine-usage';
import type { VisionEngine } from '../vision-engine';
import type { RemoteEngineOptions } from '../remote/call-with-retry';
import { imageMimeType } from '../remote/image-facts';
import { refusedError } from '../remote/service-errors';
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
import { createOpenAiCaller } from './openai-client';
import { DEFAULT_OPENAI_TEXT_MODEL } from './openai-models';

export type OpenAiVisionEngineOptions = RemoteEngineOptions;

export { DEFAULT_OPENAI_TEXT_MODEL };

/** OpenAI chat completions with json_schema structured output (strict), every answer checked with zod. */
export function createOpenAiVisionEngine(options: OpenAiVisionEngineOptions): VisionEngine {
  const caller = createOpenAiCaller(options, { model: DEFAULT_OPENAI_TEXT_MODEL, timeoutMs: 90_000, service: 'analysis' });

  function ask<T>(task: VisionTask<T>, content: ChatCompletionContentPart[], signal?: AbortSignal): Promise<T> {
    return askForJson(task, async () => {
      const completion = await caller.call(
        (client, request) =>
          client.chat.completions.create(
            {
              model: caller.model,
              messages: [{ role: 'user', content }],
              response_format: { type: 'json_schema', json_schema: { name: task.name, strict: true, schema: wireSchema(task) } },
            },
            request,
          ),
        signal,
      );
      reportEngineUsage({
        inputTokens: completion.usage?.prompt_tokens ?? 0,
        outputTokens: completion.usage?.completion_tokens ?? 0,
        thinkingTokens: completion.usage?.completion_tokens_details?.reasoning_tokens ?? 0,
      });
      const message = completion.choices[0]?.message;
      if (message?.refusal) throw refusedError('analysis', message.refusal);
      return message?.content ?? undefined;
    });
  }

  return {
    name: 'openai',
    async analyzeDesign({ original, result, brief, changedArea }, signal) {
      const [before, after] = designAnalysisLabels(changedArea);
      const content: ChatCompletionContentPart[] = [
        { type: 'text', text: before },
        await imagePart(original),
        { type: 'text', text: after },
        await imagePart(result),
        { type: 'text', text: designAnalysisPrompt(brief, changedArea) },
      ];
      return ask(designAnalysisTask, content, signal);
    },
    async analyzeStyle({ photos }, signal) {
      const images = await Promise.all(photos.map(imagePart));
      const content: ChatCompletionContentPart[] = [
        ...images.flatMap((image, index): ChatCompletionContentPart[] => [
          { type: 'text', text: `Image ${index + 1}: INSPIRATION ${index + 1}` },
          image,
        ]),
        { type: 'text', text: styleAnalysisPrompt(photos.length) },
      ];
      return ask(styleAnalysisTask, content, signal);
    },
    interpretTweak({ text, scope }, signal) {
      return ask(tweakInterpretationTask, [{ type: 'text', text: tweakPrompt(text, scope) }], signal);
    },
    async listItems({ image, brief }, signal) {
      const content: ChatCompletionContentPart[] = [
        { type: 'text', text: 'Image 1: REDESIGNED ROOM' },
        await imagePart(image),
        { type: 'text', text: shoppableItemsPrompt(brief) },
      ];
      return toShoppableItems(await ask(shoppableItemsTask, content, signal));
    },
  };
}

async function imagePart(data: Buffer): Promise<ChatCompletionContentPart> {
  return { type: 'image_url', image_url: { url: `data:${await imageMimeType(data)};base64,${data.toString('base64')}` } };
}
