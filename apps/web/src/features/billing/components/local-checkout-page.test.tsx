import { messages } from '@rv/contracts/messages';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, refuse } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { LocalCheckoutPage } from './local-checkout-page';

const renderPage = () => renderWithProviders(<LocalCheckoutPage />, { at: '/local-checkout/cs_1', path: '/local-checkout/:id' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LocalCheckoutPage (the offline provider’s hosted checkout)', () => {
  it('shows whom the checkout is for, takes the card and goes where the provider says', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const server = fakeServer({
      localCheckout: { email: 'robin@example.com', status: 'open', cancelUrl: '/checkout?email=robin%40example.com' },
      localPay: { redirectUrl: '/payment-success?session_id=cs_1' },
    });
    renderPage();
    expect((await screen.findByText(/Subscribing as/)).textContent).toBe('Subscribing as robin@example.com');
    expect(screen.getByRole('link', { name: 'Cancel and go back' }).getAttribute('href')).toBe('/checkout?email=robin%40example.com');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '0130');
    await user.type(screen.getByLabelText('CVC'), '999');
    await user.click(screen.getByRole('button', { name: 'Pay Now $12.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/payment-success?session_id=cs_1'));
    expect(server.callsTo('localPay')).toMatchObject([
      { params: { id: 'cs_1' }, json: { card: { number: '4242 4242 4242 4242', expiry: '01 / 30', cvc: '999' } } },
    ]);
  });

  it('a declined card stays on the page, told under the form', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    fakeServer({
      localCheckout: { email: 'robin@example.com', status: 'open', cancelUrl: '/checkout' },
      localPay: () => refuse(402, messages.billing.cardDeclined),
    });
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Card number'), '4000000000000002');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1229');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay Now $12.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`${messages.billing.paymentFailed}: ${messages.billing.cardDeclined}`);
    expect(assign).not.toHaveBeenCalled();
  });

  it('an unknown or expired checkout says so, with no card form', async () => {
    fakeServer({ localCheckout: () => refuse(404, messages.billing.checkoutNotFound) });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(messages.billing.checkoutNotFound);
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });
});
