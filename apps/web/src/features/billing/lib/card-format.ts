/**
 * What a phone types into the card form, shaped as a card reads: the number in groups of four, the expiry
 * as `MM / YY` (the slash added after the month), the CVC as digits. Every function takes what the field
 * holds now (typed, pasted or filled in by the browser) and answers the field's new value.
 */

const digits = (value: string) => value.replace(/\D/g, '');

/** 19 digits at most (the longest card numbers), grouped in fours: `4242 4242 4242 4242`. */
export function formatCardNumber(value: string): string {
  return digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * `1229` → `12 / 29`; `12/2029` or `12 / 2029` (a browser's autofill) → `12 / 29`; `122` → `12 / 2`. One or
 * two digits stay as typed, so that deleting back over the slash works.
 */
export function formatExpiry(value: string): string {
  const written = value.match(/^\s*(\d{1,2})\s*[/-]\s*(\d{4})\s*$/);
  if (written) return `${written[1]!.padStart(2, '0')} / ${written[2]!.slice(2)}`;
  const typed = digits(value).slice(0, 4);
  return typed.length > 2 ? `${typed.slice(0, 2)} / ${typed.slice(2)}` : typed;
}

/** Three or four digits. */
export function formatCvc(value: string): string {
  return digits(value).slice(0, 4);
}
