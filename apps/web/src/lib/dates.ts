import { format, type Locale } from 'date-fns';
import { enAU } from 'date-fns/locale/en-AU';
import { enCA } from 'date-fns/locale/en-CA';
import { enGB } from 'date-fns/locale/en-GB';
import { enIE } from 'date-fns/locale/en-IE';
import { enIN } from 'date-fns/locale/en-IN';
import { enNZ } from 'date-fns/locale/en-NZ';
import { enUS } from 'date-fns/locale/en-US';
import { enZA } from 'date-fns/locale/en-ZA';
import { regionOfLanguage } from './language-region';

/**
 * Dates as people read them where they are: the English of the browser's region (the day before the month
 * in the UK, Ireland, Australia, New Zealand, India and South Africa; the month first in the USA and Canada,
 * and anywhere else),
 * in the browser's time zone.
 *
 * With date-fns, not Intl.DateTimeFormat: a page's first Intl object costs the browser 45-110 ms of its one
 * thread here (its locale data set up, whatever the locale asked), about 4 times that on a phone, in one
 * piece: a press on the page meanwhile waits for it (docs/budgets.md#every-press-counts).
 */
const LOCALE_OF_REGION: Record<string, Locale> = { GB: enGB, IE: enIE, AU: enAU, NZ: enNZ, IN: enIN, ZA: enZA, CA: enCA, US: enUS };

const browserLocale = (): Locale => {
  const tag = typeof navigator === 'undefined' ? '' : navigator.language;
  return LOCALE_OF_REGION[regionOfLanguage(tag) ?? ''] ?? enUS;
};

/** '15 April 2026' / 'April 15th, 2026'. */
export const longDate = (iso: string, locale = browserLocale()) => format(iso, 'PPP', { locale });

/** '15 Apr 2026' / 'Apr 15, 2026'. */
export const mediumDate = (iso: string, locale = browserLocale()) => format(iso, 'PP', { locale });

/** '29 Nov 2026, 14:05' / 'Nov 29, 2026, 2:05 PM': designs of one day told apart. */
export const mediumDateTime = (iso: string, locale = browserLocale()) => format(iso, 'PPp', { locale });
