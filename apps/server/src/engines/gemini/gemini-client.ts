import { z } from 'zod';
import { readJson } from '@rv/contracts/json';
import type { GenerateContentParameters, GenerateContentResponse } from '@google/genai';
import type * as GeminiSdkModule from '@google/genai';
import { loadOnce } from '../../lib/load-once';
import { reportEngineUsage } from '../engine-usage';
import { callWithRetry, retryPolicyOf, type RemoteEngineOptions, type RetryPolicy } from '../remote/call-with-retry';
import {
  cleanReason,
  failureFromStatus,
  isNetworkError,
  parseRetryAfter,
  unreachableError,
  type RemoteFailure,
  type ServiceName,
} from '../remote/service-errors';

export type GeminiSdk = typeof GeminiSdkModule;

/** The SDK, imported at the first Gemini call (see load-once.ts). */
export const loadGeminiSdk = loadOnce(() => import('@google/genai'));

/**
 * The Gemini API's version the calls use: v1beta, where image output (`responseModalities`, `imageConfig`)
 * and JSON schemas are served. SDK 3 moved its default to v1; Vertex AI keeps the SDK's own (v1beta1).
 */
export const GEMINI_API_VERSION = 'v1beta';

export interface GeminiCaller {
  model: string;
  /** 'vertex' when the calls go through Vertex AI, else 'gemini-api'. */
  backend: 'vertex' | 'gemini-api';
  /** One generateContent call, bounded and retried by the policy; the caller's signal stops it. */
  generate(params: Omit<GenerateContentParameters, 'model'>, signal: AbortSignal | undefined): Promise<GenerateContentResponse>;
}

export function createGeminiCaller(
  options: RemoteEngineOptions,
  defaults: { model: string; timeoutMs: number; service: ServiceName },
): GeminiCaller {
  const policy: RetryPolicy = retryPolicyOf(options, defaults);
  // vertexai is always set, so a GOOGLE_GENAI_USE_VERTEXAI in the environment cannot switch the backend:
  // Vertex AI only when configured (GOOGLE_CLOUD_PROJECT; application default credentials), else the API key.
  // No retryOptions: the SDK then makes one attempt, and callWithRetry owns retries and time-outs.
  const httpOptions = options.baseUrl ? { baseUrl: options.baseUrl } : undefined;
  const client = loadOnce(async () => {
    const { GoogleGenAI } = await loadGeminiSdk();
    return options.vertex
      ? new GoogleGenAI({ vertexai: true, project: options.vertex.project, location: options.vertex.location, httpOptions })
      : new GoogleGenAI({ apiKey: options.apiKey, vertexai: false, apiVersion: GEMINI_API_VERSION, httpOptions });
  });
  const model = options.model ?? defaults.model;
  return {
    model,
    backend: options.vertex ? 'vertex' : 'gemini-api',
    async generate(params, signal) {
      const [sdk, ai] = await Promise.all([loadGeminiSdk(), client()]);
      let retryAfterMs: number | undefined;
      // Our fetch, only to see the Retry-After header, which the SDK's ApiError does not keep.
      const seeHeaders: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        retryAfterMs = parseRetryAfter(response.headers);
        return response;
      };
      return await callWithRetry(
        async (attemptSignal) => {
          retryAfterMs = undefined;
          const response = await ai.models.generateContent({
            ...params,
            model,
            config: { ...params.config, abortSignal: attemptSignal, httpOptions: { fetch: seeHeaders }, automaticContinuation: false },
          });
          const usage = response.usageMetadata;
          // Image and thinking tokens apart: they are billed at their own rates.
          const imageTokens = (details: { modality?: string; tokenCount?: number }[] | undefined) =>
            (details ?? []).filter((detail) => detail.modality === 'IMAGE').reduce((sum, detail) => sum + (detail.tokenCount ?? 0), 0);
          reportEngineUsage({
            inputTokens: usage?.promptTokenCount ?? 0,
            outputTokens: (usage?.candidatesTokenCount ?? 0) + (usage?.thoughtsTokenCount ?? 0),
            imageInputTokens: imageTokens(usage?.promptTokensDetails),
            thinkingTokens: usage?.thoughtsTokenCount ?? 0,
            imageOutputTokens: imageTokens(usage?.candidatesTokensDetails),
          });
          return response;
        },
        { service: defaults.service, policy, signal, classify: (error) => classifyGeminiError(sdk, defaults.service, error, retryAfterMs) },
      );
    },
  };
}

/**
 * The SDK throws ApiError with the HTTP status and the error body as JSON text in `message`
 * ({"error":{"code":429,"message":"…","status":"RESOURCE_EXHAUSTED","details":[{"@type":"…RetryInfo","retryDelay":"37s"}]}}).
 */
export function classifyGeminiError(
  sdk: GeminiSdk,
  service: ServiceName,
  error: unknown,
  retryAfterMs?: number,
): RemoteFailure | undefined {
  if (error instanceof sdk.ApiError) {
    const body = parseErrorBody(error.message);
    // The ErrorInfo reason says more than the status: a bad key answers 400 INVALID_ARGUMENT with reason API_KEY_INVALID;
    // the status too: 400 FAILED_PRECONDITION is the operator's set-up (region, billing), whatever the reason.
    return failureFromStatus(service, error.status, body.message ?? error.message, retryAfterMs ?? body.retryDelayMs, [
      body.reason,
      body.status,
    ]);
  }
  if (isNetworkError(error)) return { error: unreachableError(service) };
  return undefined;
}

/** What we read of Gemini's error body; a field of another type is left out, the others still read. */
const word = z.string().optional().catch(undefined);
const geminiErrorBody = z.object({
  error: z
    .looseObject({
      message: word,
      status: word,
      details: z
        .array(z.looseObject({ '@type': word, retryDelay: word, reason: word }).catch({}))
        .optional()
        .catch(undefined),
    })
    .optional()
    .catch(undefined),
});

function parseErrorBody(text: string): { message?: string; status?: string; reason?: string; retryDelayMs?: number } {
  // A message that is not such a JSON body (the SDK's own words) says nothing more than itself.
  const body = readJson(geminiErrorBody, text);
  if (!body) return {};
  const delay = body.error?.details?.find((detail) => detail['@type']?.endsWith('RetryInfo'))?.retryDelay;
  const seconds = delay ? Number.parseFloat(delay) : Number.NaN;
  const reason = body.error?.details?.find((detail) => detail['@type']?.endsWith('ErrorInfo'))?.reason;
  return {
    message: body.error?.message ? cleanReason(body.error.message) : undefined,
    status: body.error?.status,
    reason,
    retryDelayMs: Number.isFinite(seconds) ? seconds * 1000 : undefined,
  };
}
