import type { GoogleGenAI } from '@google/genai';
import type OpenAI from 'openai';
import type { Config } from '../config/env';
import { classifyGeminiError, GEMINI_API_VERSION, loadGeminiSdk } from './gemini/gemini-client';
import { knownModel, type Provider } from './engine-models';
import { EngineError } from './image-engine';
import type { ModelKind } from './model-table';
import { classifyOpenAiError, loadOpenAiSdk } from './openai/openai-client';
import { cleanReason } from './remote/service-errors';

/** One model as the provider's own list gives it. */
export interface ListedModel {
  id: string;
  /** What it makes, when that can be told: the table's kind, else from what the list says of it. */
  kind?: ModelKind;
  /** The shutdown day the list gives (OpenAI's `shutdown_date`, YYYY-MM-DD). */
  shutdownDate?: string;
  /** The list's own description says the model is deprecated (Gemini puts it there). */
  saysDeprecated?: boolean;
}

/** The provider's answer to "which models are there": the list, or the service's own words when it would not say. */
export type ModelList = { ok: true; models: ListedModel[] } | { ok: false; said: string };

/** Where the lists are read: the tuning's base URL (tests) over the configured one. */
export interface ListOptions {
  baseUrl?: string;
  timeoutMs?: number;
}

/** The service's own words for a failed call, as the check prints them: its reason and the HTTP status. */
export function serviceWords(error: unknown): string {
  if (error instanceof EngineError) return [error.detail ?? error.message, error.status ? `(HTTP ${error.status})` : ''].join(' ').trim();
  return cleanReason(error instanceof Error ? error.message : String(error));
}

async function classified(provider: Provider, error: unknown): Promise<unknown> {
  const failure =
    provider === 'gemini'
      ? classifyGeminiError(await loadGeminiSdk(), 'image', error)
      : classifyOpenAiError(await loadOpenAiSdk(), 'image', error);
  return failure?.error ?? error;
}

async function geminiClient(config: Config, options: ListOptions): Promise<GoogleGenAI> {
  const { GoogleGenAI } = await loadGeminiSdk();
  const httpOptions = { ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}), timeout: options.timeoutMs ?? 30_000 };
  return config.GOOGLE_CLOUD_PROJECT
    ? new GoogleGenAI({ vertexai: true, project: config.GOOGLE_CLOUD_PROJECT, location: config.GOOGLE_CLOUD_LOCATION, httpOptions })
    : new GoogleGenAI({ apiKey: config.GEMINI_API_KEY, vertexai: false, apiVersion: GEMINI_API_VERSION, httpOptions });
}

async function openAiClient(config: Config, options: ListOptions): Promise<OpenAI> {
  const sdk = await loadOpenAiSdk();
  return new sdk.default({
    apiKey: config.OPENAI_API_KEY,
    baseURL: options.baseUrl ?? config.OPENAI_BASE_URL,
    maxRetries: 0,
    timeout: options.timeoutMs ?? 30_000,
  });
}

/** Gemini names a model `models/<id>` (Vertex AI `publishers/google/models/<id>`); the id is the last part. */
const geminiId = (name: string) => name.split('/').pop() ?? name;

/** What a listed model makes when the table does not know it: from its id and what the list says it supports. */
function kindOf(provider: Provider, id: string, actions?: string[]): ModelKind | undefined {
  const known = knownModel(provider, id);
  if (known) return known.kind;
  if (provider === 'gemini') {
    if (actions && !actions.includes('generateContent')) return undefined;
    if (/imagen|embedding|tts|live|audio|robotics|computer-use|aqa|veo|lyria|omni/.test(id)) return undefined;
    if (/image|banana/.test(id)) return 'image';
    return /^gemini/.test(id) ? 'text' : undefined;
  }
  if (/^(gpt-image|chatgpt-image)/.test(id)) return 'image';
  if (/image|audio|realtime|tts|transcribe|search|embedding|moderation|dall-e|whisper|sora|codex|computer-use/.test(id)) return undefined;
  return /^(gpt-|o\d)/.test(id) ? 'text' : undefined;
}

/**
 * The provider's own list of models: Gemini `models.list` (Vertex AI: the publisher's base models), OpenAI
 * `models.list` (or the gateway's list at OPENAI_BASE_URL). Every page is read.
 */
export async function listProviderModels(provider: Provider, config: Config, options: ListOptions = {}): Promise<ModelList> {
  try {
    const models: ListedModel[] = [];
    if (provider === 'gemini') {
      const pager = await (await geminiClient(config, options)).models.list({ config: { pageSize: 1000, queryBase: true } });
      for await (const model of pager) {
        const id = geminiId(model.name ?? '');
        if (!id) continue;
        models.push({ id, kind: kindOf(provider, id, model.supportedActions), saysDeprecated: /deprecat/i.test(model.description ?? '') });
      }
    } else {
      for await (const model of (await openAiClient(config, options)).models.list()) {
        const shutdown = (model as { shutdown_date?: unknown }).shutdown_date;
        models.push({
          id: model.id,
          kind: kindOf(provider, model.id),
          ...(typeof shutdown === 'string' && shutdown ? { shutdownDate: shutdown } : {}),
        });
      }
    }
    return { ok: true, models };
  } catch (error) {
    return { ok: false, said: serviceWords(await classified(provider, error)) };
  }
}

/** The service's own answer when asked for one model (Gemini `models.get`, OpenAI `models.retrieve`): its words, or that it answered. */
export async function askForModel(provider: Provider, config: Config, model: string, options: ListOptions = {}): Promise<string> {
  try {
    if (provider === 'gemini') await (await geminiClient(config, options)).models.get({ model });
    else await (await openAiClient(config, options)).models.retrieve(model);
    return 'it answers for it when asked by name';
  } catch (error) {
    return serviceWords(await classified(provider, error));
  }
}
