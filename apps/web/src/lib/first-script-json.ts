import type { SiteConfig } from '@rv/contracts/api/site';

/*
 * JSON read by the page's first scripts (the site configuration and the page's data the server wrote into
 * the page, an error body's words), checked by hand rather than with zod: those scripts run before the
 * page's other code and carry none of its libraries (ADR 038). zod's core was ~25 KiB compressed more on
 * the landing and its evaluation a long task on a phone.
 */

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isStringOrNull = (value: unknown) => value === null || isString(value);

/** The JSON object in `text`, or undefined when the text is not JSON or not an object. */
export function parseJsonObject(text: string): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** What an error body may say to a person: its "error" or "message" text (a field of another type says nothing). */
export function serverWords(text: string): { error?: string; message?: string } {
  const body = parseJsonObject(text);
  return {
    ...(isString(body?.error) ? { error: body.error } : {}),
    ...(isString(body?.message) ? { message: body.message } : {}),
  };
}

const SAMPLE_TEXTS = ['room', 'before', 'after', 'thumb', 'alt'] as const;
const SITE_FIELDS: { [Field in keyof SiteConfig]-?: (value: unknown) => boolean } = {
  walkthroughVideoUrl: isStringOrNull,
  tutorialVideoUrl: isStringOrNull,
  testimonialsEmbedUrl: isStringOrNull,
  faqUrl: isString,
  galleryUrl: isString,
  featureRequestUrl: isString,
  googleSignIn: (value) => typeof value === 'boolean',
  imageEngine: (value) => value === 'local' || value === 'gemini' || value === 'openai',
  payments: (value) =>
    isObject(value) && (value.provider === 'local' || value.provider === 'stripe') && isStringOrNull(value.publishableKey),
  samples: (value) =>
    Array.isArray(value) &&
    value.every((sample) => isObject(sample) && typeof sample.id === 'number' && SAMPLE_TEXTS.every((text) => isString(sample[text]))),
};

/** Whether every field of the site configuration that `value` has is of its shape (fields it lacks are left to the defaults). */
export function isPartialSiteConfig(value: JsonObject): value is Partial<SiteConfig> {
  return Object.entries(SITE_FIELDS).every(([field, valid]) => !(field in value) || valid(value[field]));
}
