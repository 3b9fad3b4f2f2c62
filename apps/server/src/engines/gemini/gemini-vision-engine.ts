import type { GenerateContentResponse, Part } from '@google/genai';
import type { VisionEngine } from '../vision-engine';
import type { RemoteEngineOptions } from '../remote/call-with-retry';
import { imageMimeType } from '../remote/image-facts';
import { createRemoteVisionEngine, VISION_CALL } from '../remote/remote-vision-engine';
import { blockedError } from '../remote/service-errors';
import { wireSchema } from '../remote/vision-answers';
import { createGeminiCaller } from './gemini-client';
import { DEFAULT_GEMINI_TEXT_MODEL } from './gemini-models';
import { BLOCKED_FINISH } from './gemini-finish';

/** Gemini text models with structured output (responseJsonSchema), as a plug-in of the remote vision flow. */
export function createGeminiVisionEngine(options: RemoteEngineOptions): VisionEngine {
  const caller = createGeminiCaller(options, { model: DEFAULT_GEMINI_TEXT_MODEL, ...VISION_CALL });
  return createRemoteVisionEngine<Part>({
    name: 'gemini',
    text: (text) => ({ text }),
    image: async (data) => ({ inlineData: { mimeType: await imageMimeType(data), data: data.toString('base64') } }),
    async ask(task, parts, signal) {
      const response = await caller.generate(
        {
          contents: [{ role: 'user', parts }],
          config: { responseMimeType: 'application/json', responseJsonSchema: wireSchema(task) },
        },
        signal,
      );
      return textOf(response);
    },
  });
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
