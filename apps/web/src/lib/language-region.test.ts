import { describe, expect, it } from 'vitest';
import { regionOfLanguage } from './language-region';

describe('the region of a language tag', () => {
  it('reads the two-letter region after the language and any script, in either case', () => {
    expect(['en-GB', 'fr-CA', 'zh-Hant-TW', 'en-gb', 'en-AU-u-ca-gregory'].map(regionOfLanguage)).toEqual(['GB', 'CA', 'TW', 'GB', 'AU']);
  });

  it('finds none in a tag without one, or in what is not a tag', () => {
    expect(['en', 'es-419', 'not a tag', '', 'en-Latn'].map(regionOfLanguage)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
