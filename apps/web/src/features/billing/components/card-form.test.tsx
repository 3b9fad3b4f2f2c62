import { messages } from '@rv/contracts/messages';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { deferred } from '@test/fake-server';
import type { CardDetails } from '../api/billing';
import { CardForm } from './card-form';

function renderForm(onPay: (card: CardDetails) => Promise<void> = async () => {}) {
  const pay = vi.fn(onPay);
  render(<CardForm onPay={pay} amountLabel="$12.00" />);
  const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
  return { pay, number: field('Card number'), expiry: field('Expiry (MM/YY)'), cvc: field('CVC') };
}

afterEach(cleanup);

describe('CardForm', () => {
  it('shapes what is typed as a card reads: the number in fours, the expiry MM / YY, the CVC as digits', async () => {
    const { number, expiry, cvc } = renderForm();
    const user = userEvent.setup();
    await user.type(number, '4242424242424242');
    expect(number.value).toBe('4242 4242 4242 4242');
    await user.type(expiry, '1229');
    expect(expiry.value).toBe('12 / 29');
    await user.type(cvc, '1a23');
    expect(cvc.value).toBe('123');
  });

  it('asks a phone for its number pad and lets the browser fill the card in', () => {
    const { number, expiry, cvc } = renderForm();
    expect([number, expiry, cvc].map((field) => [field.inputMode, field.autocomplete])).toEqual([
      ['numeric', 'cc-number'],
      ['numeric', 'cc-exp'],
      ['numeric', 'cc-csc'],
    ]);
    expect([number.required, expiry.required, cvc.required]).toEqual([true, true, true]);
  });

  it('reads a pasted number with dashes, and a browser’s 12/2029', async () => {
    const { number, expiry } = renderForm();
    const user = userEvent.setup();
    number.focus();
    await user.paste('4000-0000-0000-0002');
    expect(number.value).toBe('4000 0000 0000 0002');
    expiry.focus();
    await user.paste('12/2029');
    expect(expiry.value).toBe('12 / 29');
  });

  it('deleting back over the slash leaves the month', async () => {
    const { expiry } = renderForm();
    const user = userEvent.setup();
    await user.type(expiry, '1229');
    await user.type(expiry, '{Backspace}');
    expect(expiry.value).toBe('12 / 2');
    // The last digit of the year goes with the slash before it: the month is left, ready to be retyped.
    await user.type(expiry, '{Backspace}');
    expect(expiry.value).toBe('12');
    await user.type(expiry, '{Backspace}');
    expect(expiry.value).toBe('1');
  });

  it('pays with the card as shown, and shows Processing... with the button disabled meanwhile', async () => {
    const paid = deferred<void>();
    const { pay, number, expiry, cvc } = renderForm(() => paid.promise);
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Pay Now $12.00' })).toBeTruthy();
    await user.type(number, '4242424242424242');
    await user.type(expiry, '1229');
    await user.type(cvc, '123');
    await user.click(screen.getByRole('button', { name: 'Pay Now $12.00' }));
    expect(pay).toHaveBeenCalledWith({ number: '4242 4242 4242 4242', expiry: '12 / 29', cvc: '123' });
    const processing = screen.getByRole('button', { name: 'Processing...' });
    expect(processing.hasAttribute('disabled')).toBe(true);
    paid.resolve();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay Now $12.00' }).hasAttribute('disabled')).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells a declined card under the form, with the provider’s words, and lets the person try again', async () => {
    let declined = true;
    const { pay, number, expiry, cvc } = renderForm(async () => {
      if (declined) throw new ApiError(402, JSON.stringify({ error: messages.billing.cardDeclined }));
    });
    const user = userEvent.setup();
    await user.type(number, '4000000000000002');
    await user.type(expiry, '1229');
    await user.type(cvc, '123');
    await user.click(screen.getByRole('button', { name: 'Pay Now $12.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`${messages.billing.paymentFailed}: ${messages.billing.cardDeclined}`);
    declined = false;
    await user.click(screen.getByRole('button', { name: 'Pay Now $12.00' }));
    await waitFor(() => expect(pay).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('says "Please try again." when the failure has no words of its own', async () => {
    const { number, expiry, cvc } = renderForm(async () => {
      throw new TypeError('Failed to fetch');
    });
    const user = userEvent.setup();
    await user.type(number, '4242424242424242');
    await user.type(expiry, '1229');
    await user.type(cvc, '123');
    await user.click(screen.getByRole('button', { name: 'Pay Now $12.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`${messages.billing.paymentFailed}: Please try again.`);
  });

  it('sends nothing while a field is empty (the browser asks for it)', async () => {
    const { pay, number } = renderForm();
    await userEvent.setup().type(number, '4242424242424242');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay Now $12.00' }));
    expect(pay).not.toHaveBeenCalled();
  });
});
