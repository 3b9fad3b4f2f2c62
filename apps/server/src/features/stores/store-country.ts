import type { STORE_COUNTRIES } from '@rv/contracts/constants';

type StoreCountry = (typeof STORE_COUNTRIES)[number];

/** ISO 3166 codes of the four countries the store directory covers. */
const STORE_COUNTRY_BY_CODE: Record<string, StoreCountry> = { US: 'USA', GB: 'UK', CA: 'Canada', AU: 'Australia' };

/** The directory's country for a place's ISO code, or null when the directory has no stores there. */
export function storeCountryFor(countryCode: string | undefined | null): StoreCountry | null {
  return (countryCode && STORE_COUNTRY_BY_CODE[countryCode.toUpperCase()]) || null;
}
