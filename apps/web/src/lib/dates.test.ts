import { enGB } from 'date-fns/locale/en-GB';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { longDate, mediumDate, mediumDateTime } from './dates';

afterEach(() => vi.unstubAllGlobals());

// 15 April 2026, 14:05 where the test runs (the dates are read in the browser's time zone).
const iso = new Date(2026, 3, 15, 14, 5).toISOString();

describe('dates as people read them where they are', () => {
  it('puts the day first for a British browser and the month first for an American one', () => {
    vi.stubGlobal('navigator', { language: 'en-GB' });
    expect([longDate(iso), mediumDate(iso), mediumDateTime(iso)]).toEqual(['15 April 2026', '15 Apr 2026', '15 Apr 2026, 14:05']);
    vi.stubGlobal('navigator', { language: 'en-US' });
    expect([longDate(iso), mediumDate(iso), mediumDateTime(iso)]).toEqual(['April 15th, 2026', 'Apr 15, 2026', 'Apr 15, 2026, 2:05 PM']);
  });

  it('reads the region of any language and script (Australia, Canada, India, South Africa) and falls back to the American form', () => {
    vi.stubGlobal('navigator', { language: 'fr-CA' });
    expect(mediumDate(iso)).toBe('Apr 15, 2026');
    vi.stubGlobal('navigator', { language: 'en-AU' });
    expect(mediumDate(iso)).toBe('15 Apr 2026');
    vi.stubGlobal('navigator', { language: 'en-IN' });
    expect(longDate(iso)).toBe('15 April, 2026');
    vi.stubGlobal('navigator', { language: 'en-ZA' });
    expect(mediumDate(iso)).toBe('15 Apr 2026');
    vi.stubGlobal('navigator', { language: 'de' });
    expect(mediumDate(iso)).toBe('Apr 15, 2026');
    expect(mediumDate(iso, enGB)).toBe('15 Apr 2026');
  });
});
