import { askedForHtml, askedInAreaHtml } from '../owners-words';
import type { VisionEngine } from '../vision-engine';
import { shoppableItemsPrompt, shoppableItemsTask, toShoppableItems } from './shoppable-items-answer';
import {
  askForJson,
  designAnalysisLabels,
  designAnalysisPrompt,
  designAnalysisTask,
  styleAnalysisPrompt,
  styleAnalysisTask,
  tweakInterpretationTask,
  tweakPrompt,
  type VisionTask,
} from './vision-answers';

/** How long a vision call may take, and how its failures name the service to the user. */
export const VISION_CALL = { timeoutMs: 90_000, service: 'analysis' } as const;

/**
 * What a provider plugs into the remote vision flow: how a text and an image become parts of its
 * request, and one call asking for a task's JSON (its structured-output settings, usage reported,
 * a refusal or block thrown as an EngineError), answering the raw text.
 */
export interface VisionRequestPlugin<Part> {
  name: 'gemini' | 'openai';
  text(text: string): Part;
  image(data: Buffer): Promise<Part>;
  ask(task: VisionTask<unknown>, parts: Part[], signal: AbortSignal | undefined): Promise<string | undefined>;
}

/**
 * The one flow of the hosted vision engines: each task's images, labelled in order, and its prompt
 * (remote/vision-answers.ts), sent by the provider's plug-in; the answer checked with zod, and asked
 * once more when malformed.
 */
export function createRemoteVisionEngine<Part>(plugin: VisionRequestPlugin<Part>): VisionEngine {
  /** The request's parts in order: a string is a text part, a buffer an image. */
  async function ask<T>(task: VisionTask<T>, content: (string | Buffer)[], signal?: AbortSignal): Promise<T> {
    const parts = await Promise.all(content.map((item) => (typeof item === 'string' ? plugin.text(item) : plugin.image(item))));
    return askForJson(task, () => plugin.ask(task, parts, signal));
  }

  return {
    name: plugin.name,
    async analyzeDesign({ original, result, brief, changedArea }, signal) {
      const [before, after] = designAnalysisLabels(changedArea);
      const { html } = await ask(designAnalysisTask, [before, original, after, result, designAnalysisPrompt(brief, changedArea)], signal);
      // The model was given none of the owner's words (ADR 057); what they asked for is quoted apart, for them.
      return { html, ownerHtml: changedArea ? askedInAreaHtml(changedArea.request) : askedForHtml(brief) };
    },
    analyzeStyle({ photos }, signal) {
      const labelled = photos.flatMap((photo, index) => [`Image ${index + 1}: INSPIRATION ${index + 1}`, photo]);
      return ask(styleAnalysisTask, [...labelled, styleAnalysisPrompt(photos.length)], signal);
    },
    interpretTweak({ text, scope }, signal) {
      return ask(tweakInterpretationTask, [tweakPrompt(text, scope)], signal);
    },
    async listItems({ image, brief }, signal) {
      return toShoppableItems(await ask(shoppableItemsTask, ['Image 1: REDESIGNED ROOM', image, shoppableItemsPrompt(brief)], signal));
    },
  };
}
