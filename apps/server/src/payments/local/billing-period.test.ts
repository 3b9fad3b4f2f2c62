import { afterEach, describe, expect, it } from 'vitest';
import { periodEndAfter } from './billing-period';

const at = (iso: string) => new Date(iso);

/** The period ends of a subscription anchored at `anchor`, renewed `count` times. */
function renewals(anchor: string, count: number): string[] {
  const ends: string[] = [];
  let end = periodEndAfter(at(anchor), at(anchor));
  for (let i = 0; i < count; i++) {
    ends.push(end.toISOString());
    end = periodEndAfter(at(anchor), end);
  }
  return ends;
}

describe('billing periods (monthly, clamped to the month’s end as Stripe does)', () => {
  const savedTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = savedTz;
  });

  it('31 January renews on the last day of February, then on 31 March (the anchor day is kept)', () => {
    expect(renewals('2024-01-31T10:00:00.000Z', 4)).toEqual([
      '2024-02-29T10:00:00.000Z',
      '2024-03-31T10:00:00.000Z',
      '2024-04-30T10:00:00.000Z',
      '2024-05-31T10:00:00.000Z',
    ]);
    expect(renewals('2023-01-31T10:00:00.000Z', 2)).toEqual(['2023-02-28T10:00:00.000Z', '2023-03-31T10:00:00.000Z']);
  });

  it('31 March renews on 30 April; 30 January on 29 February then 30 March; the 15th on the 15th', () => {
    expect(renewals('2025-03-31T08:30:00.000Z', 2)).toEqual(['2025-04-30T08:30:00.000Z', '2025-05-31T08:30:00.000Z']);
    expect(renewals('2024-01-30T00:00:00.000Z', 2)).toEqual(['2024-02-29T00:00:00.000Z', '2024-03-30T00:00:00.000Z']);
    expect(renewals('2024-12-15T12:00:00.000Z', 2)).toEqual(['2025-01-15T12:00:00.000Z', '2025-02-15T12:00:00.000Z']);
  });

  it('counts in UTC whatever the server’s time zone', () => {
    process.env.TZ = 'Pacific/Kiritimati'; // UTC+14: 31 January 23:30 UTC is 1 February there
    expect(renewals('2024-01-31T23:30:00.000Z', 2)).toEqual(['2024-02-29T23:30:00.000Z', '2024-03-31T23:30:00.000Z']);
    process.env.TZ = 'America/Los_Angeles';
    expect(renewals('2024-03-31T03:00:00.000Z', 1)).toEqual(['2024-04-30T03:00:00.000Z']);
  });

  it('a late renewal of a period that drifted (older rows) lands back on the anchor day', () => {
    expect(periodEndAfter(at('2024-01-31T10:00:00.000Z'), at('2024-03-02T10:00:00.000Z')).toISOString()).toBe('2024-03-31T10:00:00.000Z');
  });
});
