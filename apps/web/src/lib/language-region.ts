/**
 * The region a language tag names ('en-GB' -> 'GB', 'zh-Hant-TW' -> 'TW', 'en' -> undefined): its first subtag
 * of two letters after the language (and script). Read by hand rather than with Intl.Locale: a page's first Intl
 * object holds the main thread 45-110 ms (docs/architecture/web.md), and a region is all that is wanted.
 */
export function regionOfLanguage(tag: string): string | undefined {
  return /^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2})(?:-|$)/i.exec(tag)?.[1]?.toUpperCase();
}
