import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry } from './card-format';

/** What the field holds after typing `keys` one by one, each change formatted as the form does. */
const typed = (format: (value: string) => string, keys: string) => [...keys].reduce((value, key) => format(value + key), '');

describe('the card form takes what a phone types', () => {
  it('adds the slash to an expiry typed as 1229, and reads the browser’s fill of 12/2029', () => {
    expect(typed(formatExpiry, '1229')).toBe('12 / 29');
    expect(typed(formatExpiry, '12')).toBe('12');
    expect(typed(formatExpiry, '122')).toBe('12 / 2');
    expect(formatExpiry('12/29')).toBe('12 / 29');
    expect(formatExpiry('12/2029')).toBe('12 / 29');
    expect(formatExpiry('1 / 2030')).toBe('01 / 30');
    expect(typed(formatExpiry, '122999')).toBe('12 / 29');
    // Deleting back over the slash leaves the month.
    expect(formatExpiry('12 /')).toBe('12');
  });

  it('groups the card number in fours, whatever spaces or dashes were typed, at most 19 digits', () => {
    expect(typed(formatCardNumber, '4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 0000-0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
  });

  it('keeps a CVC to its digits, four at most', () => {
    expect(typed(formatCvc, '12a3')).toBe('123');
    expect(formatCvc('123456')).toBe('1234');
  });
});
