import type { ChatCompletionContentPart } from 'openai/resources/chat/completions';
import { reportEngineUsage } from '../engine-usage';
import type { VisionEngine } from '../vision-engine';
import type { RemoteEngineOptions } from '../remote/call-with-retry';
import { imageMimeType } from '../remote/image-facts';
import { createRemoteVisionEngine, VISION_CALL } from '../remote/remote-vision-engine';
import { refusedError } from '../remote/service-errors';
import { wireSchema } from '../remote/vision-answers';
import { createOpenAiCaller } from './openai-client';
import { DEFAULT_OPENAI_TEXT_MODEL } from './openai-models';

/** OpenAI chat completions with json_schema structured output (strict), as a plug-in of the remote vision flow. */
export function createOpenAiVisionEngine(options: RemoteEngineOptions): VisionEngine {
  const caller = createOpenAiCaller(options, { model: DEFAULT_OPENAI_TEXT_MODEL, ...VISION_CALL });
  return createRemoteVisionEngine<ChatCompletionContentPart>({
    name: 'openai',
    text: (text) => ({ type: 'text', text }),
    image: async (data) => ({
      type: 'image_url',
      image_url: { url: `data:${await imageMimeType(data)};base64,${data.toString('base64')}` },
    }),
    async ask(task, content, signal) {
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
    },
  });
}
