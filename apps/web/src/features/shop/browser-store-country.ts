import { regionOfLanguage } from '@/lib/language-region';
import type { StoreCountry } from './api/search-stores';

/** Canada's time zones (IANA), the rest of America/* being the USA's for the directory's purpose. */
const CANADIAN_ZONES = new Set([
  'America/Toronto',
  'America/Montreal',
  'America/Vancouver',
  'America/Edmonton',
  'America/Winnipeg',
  'America/Regina',
  'America/Halifax',
  'America/St_Johns',
  'America/Moncton',
  'America/Glace_Bay',
  'America/Goose_Bay',
  'America/Whitehorse',
  'America/Dawson',
  'America/Dawson_Creek',
  'America/Fort_Nelson',
  'America/Creston',
  'America/Yellowknife',
  'America/Inuvik',
  'America/Iqaluit',
  'America/Rankin_Inlet',
  'America/Resolute',
  'America/Cambridge_Bay',
  'America/Swift_Current',
  'America/Atikokan',
  'America/Nipigon',
  'America/Thunder_Bay',
  'America/Rainy_River',
  'America/Pangnirtung',
  'Canada/Atlantic',
  'Canada/Central',
  'Canada/Eastern',
  'Canada/Mountain',
  'Canada/Newfoundland',
  'Canada/Pacific',
  'Canada/Saskatchewan',
  'Canada/Yukon',
]);

/** The USA's own zones outside America/* and US/* (Hawaii). */
const OTHER_US_ZONES = new Set(['Pacific/Honolulu', 'Pacific/Johnston']);

/** The store country of an IANA time zone, or null when the directory has no stores there. */
export function storeCountryOfTimeZone(timeZone: string | undefined): StoreCountry | null {
  if (!timeZone) return null;
  if (timeZone === 'Europe/London' || timeZone === 'Europe/Belfast' || timeZone === 'GB') return 'UK';
  if (timeZone.startsWith('Australia/')) return 'Australia';
  if (CANADIAN_ZONES.has(timeZone)) return 'Canada';
  if (timeZone.startsWith('US/') || OTHER_US_ZONES.has(timeZone)) return 'USA';
  // America/* beyond Canada's zones: only the USA's count (Mexico City, São Paulo and the rest are elsewhere).
  return /^America\/(New_York|Chicago|Denver|Los_Angeles|Phoenix|Anchorage|Juneau|Sitka|Yakutat|Nome|Metlakatla|Adak|Boise|Detroit|Menominee|Indiana\/\w+|Kentucky\/\w+|North_Dakota\/\w+)$/.test(
    timeZone,
  )
    ? 'USA'
    : null;
}

const COUNTRY_OF_REGION: Record<string, StoreCountry> = { US: 'USA', GB: 'UK', CA: 'Canada', AU: 'Australia' };

/** The store country of a language tag that names a region ('en-GB', 'fr-CA'), or null. */
export function storeCountryOfLanguage(tag: string | undefined): StoreCountry | null {
  const region = tag && regionOfLanguage(tag);
  return (region && COUNTRY_OF_REGION[region]) || null;
}

/**
 * Where this browser says its person is: the time zone first (where the machine is set to live), then the
 * first language that names a region ('en-GB'); null when neither is one of the directory's countries.
 */
export function browserStoreCountry(
  browser: { timeZone?: string; languages?: readonly string[] } = {
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    languages: typeof navigator === 'undefined' ? [] : navigator.languages,
  },
): StoreCountry | null {
  const fromZone = storeCountryOfTimeZone(browser.timeZone);
  if (fromZone) return fromZone;
  for (const tag of browser.languages ?? []) {
    const country = storeCountryOfLanguage(tag);
    if (country) return country;
  }
  return null;
}
