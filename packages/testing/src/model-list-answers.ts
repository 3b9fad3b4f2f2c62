import type { RecordedRequest, ScriptedResponse } from './test-http-server';

/** A Gemini API model as models.list answers it. */
export const geminiListed = (id: string, description = '', methods = ['generateContent', 'countTokens']) => ({
  name: `models/${id}`,
  version: '001',
  displayName: id,
  description,
  inputTokenLimit: 1_048_576,
  outputTokenLimit: 65_536,
  supportedGenerationMethods: methods,
});

/** What the Gemini API answers models.get for a model it does not have. */
export const geminiNotFound = (model: string): ScriptedResponse => ({
  status: 404,
  json: {
    error: {
      code: 404,
      message: `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
      status: 'NOT_FOUND',
    },
  },
});

/** An OpenAI model as GET /v1/models lists it (shutdown_date: the announced shutdown day, or null). */
export const openAiListed = (id: string, shutdownDate: string | null = null) => ({
  id,
  object: 'model',
  created: 1_776_000_000,
  owned_by: 'system',
  shutdown_date: shutdownDate,
});

/** What OpenAI answers GET /v1/models/{id} for a model the key cannot use. */
export const openAiNotFound = (model: string): ScriptedResponse => ({
  status: 404,
  json: {
    error: {
      message: `The model \`${model}\` does not exist or you do not have access to it.`,
      type: 'invalid_request_error',
      param: null,
      code: 'model_not_found',
    },
  },
});

/**
 * A stand-in route for the model lists: the list (one page) and a lookup by name (found when listed),
 * else undefined so the caller answers the request itself.
 */
export function modelListRoute(
  request: RecordedRequest,
  lists: { gemini?: ReturnType<typeof geminiListed>[]; openai?: ReturnType<typeof openAiListed>[] },
): ScriptedResponse | undefined {
  if (request.method !== 'GET') return undefined;
  if (lists.gemini && /\/v1beta\/models$/.test(request.path)) return { json: { models: lists.gemini } };
  const gemini = /\/v1beta\/models\/([^/:]+)$/.exec(request.path);
  if (lists.gemini && gemini) {
    const found = lists.gemini.find((model) => model.name === `models/${gemini[1]}`);
    return found ? { json: found } : geminiNotFound(gemini[1] ?? '');
  }
  if (lists.openai && /\/v1\/models$/.test(request.path)) return { json: { object: 'list', data: lists.openai } };
  const openai = /\/v1\/models\/([^/]+)$/.exec(request.path);
  if (lists.openai && openai) {
    const id = decodeURIComponent(openai[1] ?? '');
    const found = lists.openai.find((model) => model.id === id);
    return found ? { json: found } : openAiNotFound(id);
  }
  return undefined;
}
