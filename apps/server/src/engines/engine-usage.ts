import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a provider says a call used: tokens in and out, and images made. The input and output totals
 * include the image and thinking tokens, which are also counted apart because they are billed at their
 * own rates (engine-prices.ts).
 */
export interface EngineUsage {
  inputTokens: number;
  outputTokens: number;
  images: number;
  /** Of inputTokens, those that were images. */
  imageInputTokens?: number;
  /** Of outputTokens, those spent thinking (Gemini thoughts, OpenAI reasoning). */
  thinkingTokens?: number;
  /** Of outputTokens, those that were images. */
  imageOutputTokens?: number;
}

/** Whose work an engine call is for: set by the job around its engine calls, read when the call is recorded. */
export interface EngineCallOwner {
  designId?: string;
  userId?: string;
}

const owners = new AsyncLocalStorage<EngineCallOwner>();
const usages = new AsyncLocalStorage<EngineUsage>();

/** Runs `work` with its engine calls recorded as made for this design and subscriber. */
export function forEngineCallOwner<T>(owner: EngineCallOwner, work: () => Promise<T>): Promise<T> {
  return owners.run(owner, work);
}

export function currentEngineCallOwner(): EngineCallOwner {
  return owners.getStore() ?? {};
}

/** Runs one engine call, adding up the usage its adapter reports over all its attempts and requests. */
export async function withEngineUsage<T>(call: () => Promise<T>): Promise<{ usage: EngineUsage; outcome: PromiseSettledResult<T> }> {
  const usage: EngineUsage = { inputTokens: 0, outputTokens: 0, images: 0, imageInputTokens: 0, thinkingTokens: 0, imageOutputTokens: 0 };
  const [outcome] = await Promise.allSettled([usages.run(usage, call)]);
  return { usage, outcome: outcome! };
}

/** Called by an adapter with what the provider's answer says it used; a call outside withEngineUsage is ignored. */
export function reportEngineUsage(used: Partial<EngineUsage>): void {
  const usage = usages.getStore();
  if (!usage) return;
  usage.inputTokens += used.inputTokens ?? 0;
  usage.outputTokens += used.outputTokens ?? 0;
  usage.images += used.images ?? 0;
  usage.imageInputTokens = (usage.imageInputTokens ?? 0) + (used.imageInputTokens ?? 0);
  usage.thinkingTokens = (usage.thinkingTokens ?? 0) + (used.thinkingTokens ?? 0);
  usage.imageOutputTokens = (usage.imageOutputTokens ?? 0) + (used.imageOutputTokens ?? 0);
}
