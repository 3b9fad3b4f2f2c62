import { describe, expect, it } from 'vitest';
import { browserStoreCountry, storeCountryOfLanguage, storeCountryOfTimeZone } from './browser-store-country';

describe('browserStoreCountry', () => {
  it('reads the time zone first: London is the UK, Toronto Canada, Sydney Australia, Chicago the USA', () => {
    expect(storeCountryOfTimeZone('Europe/London')).toBe('UK');
    expect(storeCountryOfTimeZone('America/Toronto')).toBe('Canada');
    expect(storeCountryOfTimeZone('Australia/Sydney')).toBe('Australia');
    expect(storeCountryOfTimeZone('America/Chicago')).toBe('USA');
    expect(storeCountryOfTimeZone('America/Indiana/Indianapolis')).toBe('USA');
    expect(storeCountryOfTimeZone('Pacific/Honolulu')).toBe('USA');
  });

  it('has no country for a zone outside the four: Paris, Mexico City, São Paulo, UTC', () => {
    expect(['Europe/Paris', 'America/Mexico_City', 'America/Sao_Paulo', 'UTC', undefined].map(storeCountryOfTimeZone)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('reads a language that names a region, and nothing from one that does not', () => {
    expect(storeCountryOfLanguage('en-GB')).toBe('UK');
    expect(storeCountryOfLanguage('fr-CA')).toBe('Canada');
    expect(storeCountryOfLanguage('en-AU')).toBe('Australia');
    expect(storeCountryOfLanguage('en')).toBeNull();
    expect(storeCountryOfLanguage('de-DE')).toBeNull();
    expect(storeCountryOfLanguage('not a tag')).toBeNull();
  });

  it('takes the time zone over the language, then the first language with a region', () => {
    expect(browserStoreCountry({ timeZone: 'Europe/London', languages: ['en-US'] })).toBe('UK');
    expect(browserStoreCountry({ timeZone: 'UTC', languages: ['en', 'en-GB', 'en-US'] })).toBe('UK');
    expect(browserStoreCountry({ timeZone: 'Europe/Berlin', languages: ['de-DE'] })).toBeNull();
  });
});
