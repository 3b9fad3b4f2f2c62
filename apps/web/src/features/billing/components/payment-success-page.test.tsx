import { messages } from '@rv/contracts/messages';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { fakeServer, refuse } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { PaymentSuccessPage } from './payment-success-page';

const renderPage = (at: string) => renderWithProviders(<PaymentSuccessPage />, { at, path: paths.paymentSuccess });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PaymentSuccessPage', () => {
  it('verifies the session once, then welcomes a new subscriber who is now signed in', async () => {
    const server = fakeServer({ verifyPayment: { success: true, message: 'created' } });
    renderPage('/payment-success?session_id=cs_1');
    expect(screen.getByRole('status').textContent).toBe('Setting up your account...');
    expect(await screen.findByRole('heading', { name: 'Welcome to Room Visualizer!' })).toBeTruthy();
    expect(screen.getByText(new RegExp(messages.billing.subscriptionActive)).textContent).toBe(
      `${messages.billing.subscriptionActive} Your account is ready and you are signed in. We e-mailed you a link to confirm your address.`,
    );
    expect(screen.getByRole('link', { name: 'Start Your Design' }).getAttribute('href')).toBe(paths.spaceSelection);
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe(paths.home);
    expect(server.callsTo('verifyPayment').map((sent) => sent.json)).toEqual([{ sessionId: 'cs_1' }]);
  });

  it('words the welcome by what the server did', async () => {
    fakeServer({ verifyPayment: { success: true, message: 'subscribed' } });
    renderPage('/payment-success?session_id=cs_1');
    expect(await screen.findByText(/Your subscription is active again\./)).toBeTruthy();
    cleanup();
    fakeServer({ verifyPayment: { success: true, message: 'claimed' } });
    renderPage('/payment-success?session_id=cs_1');
    expect(await screen.findByText(/Log in with the link we e-mailed you to continue\./)).toBeTruthy();
    cleanup();
    fakeServer({ verifyPayment: { success: true, message: 'something new' } });
    renderPage('/payment-success?session_id=cs_1');
    expect(await screen.findByText(/Your account is being set up\./)).toBeTruthy();
  });

  it('says in plain words that a payment which made no account was refunded, with nothing to sort out', async () => {
    fakeServer({ verifyPayment: { success: false, message: messages.billing.paymentRefunded } });
    renderPage('/payment-success?session_id=cs_1');
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('heading', { name: messages.billing.paymentRefundedTitle })).toBeTruthy();
    expect(alert.textContent).toContain(messages.billing.paymentRefunded);
    expect(alert.textContent).not.toContain('If you were charged');
    expect(screen.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe(paths.login);
    cleanup();
    fakeServer({ verifyPayment: { success: false, message: messages.billing.secondSubscriptionRefunded } });
    renderPage('/payment-success?session_id=cs_1');
    expect((await screen.findByRole('alert')).textContent).toContain(messages.billing.secondSubscriptionRefunded);
    expect(screen.getByRole('heading', { name: messages.billing.paymentRefundedTitle })).toBeTruthy();
  });

  it('without a session id says so, asking the server nothing', () => {
    const server = fakeServer({ verifyPayment: { success: true, message: 'created' } });
    renderPage('/payment-success');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(messages.billing.accountSetupError);
    expect(alert.textContent).toContain(messages.billing.noSessionId);
    expect(server.calls).toEqual([]);
  });

  it('tells an unverified payment or a failed call as an account setup error, with what to do if charged', async () => {
    fakeServer({ verifyPayment: { success: false, message: messages.billing.paidButAccountExists } });
    renderPage('/payment-success?session_id=cs_1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messages.billing.paidButAccountExists);
    expect(alert.textContent).toContain('If you were charged, please contact support');
    cleanup();
    fakeServer({ verifyPayment: () => refuse(404, messages.billing.checkoutNotFound) });
    renderPage('/payment-success?session_id=cs_1');
    expect((await screen.findByRole('alert')).textContent).toContain(messages.billing.checkoutNotFound);
  });
});
