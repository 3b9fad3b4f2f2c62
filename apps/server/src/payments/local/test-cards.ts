import { PaymentError } from '../payments-provider';

/** Stripe's test card numbers that the offline provider understands, with Stripe's own decline messages. */
const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
};

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

/** Checks a card the way Stripe's test mode does: format, expiry, Luhn, then the test decline numbers. */
export function chargeTestCard(card: CardInput, now = new Date()): void {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) throw new PaymentError('Your card number is invalid.', 'card_declined');
  const match = card.expiry.replace(/\s/g, '').match(/^(\d{2})\/(\d{2}|\d{4})$/);
  if (!match) throw new PaymentError("Your card's expiration date is incomplete.", 'card_declined');
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12 || new Date(year, month, 1) <= now)
    throw new PaymentError("Your card's expiration date is in the past.", 'card_declined');
  if (!/^\d{3,4}$/.test(card.cvc)) throw new PaymentError("Your card's security code is incomplete.", 'card_declined');
  const decline = DECLINES[digits];
  if (decline) throw new PaymentError(decline, 'card_declined');
}
