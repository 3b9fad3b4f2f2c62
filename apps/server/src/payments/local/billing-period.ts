import { utc } from '@date-fns/utc';
import { addMonths } from 'date-fns/addMonths';

/**
 * The end of the monthly period that is running at `after`, for a subscription whose billing cycle is
 * anchored at `anchor` (its start): the first `anchor + n months` (n ≥ 1) later than `after`. As Stripe
 * does, a day the month lacks is clamped to the month's end and the anchor day is kept: a subscription
 * started on 31 January renews on 29 February (28 in other years), then on 31 March. Counted in UTC.
 */
export function periodEndAfter(anchor: Date, after: Date): Date {
  let months = 1;
  let end: Date = addMonths(anchor, months, { in: utc });
  while (end.getTime() <= after.getTime()) {
    // Jump close to `after` first (a subscription years old need not count month by month), then step.
    const behind = Math.floor((after.getTime() - end.getTime()) / (32 * 24 * 60 * 60 * 1000));
    months += Math.max(1, behind);
    end = addMonths(anchor, months, { in: utc });
  }
  return new Date(end.getTime());
}
