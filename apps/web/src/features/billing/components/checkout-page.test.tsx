import type { UserProfile } from '@rv/contracts/api/account';
import { messages } from '@rv/contracts/messages';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { deferred, fakeServer, refuse } from '@test/fake-server';
import { currentAddress, renderWithProviders } from '@test/render';
import { CheckoutPage } from './checkout-page';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const subscriber: UserProfile = {
  id: 'user-robin',
  name: 'Robin',
  email: 'robin@example.com',
  userAvatarStorageUrl: null,
  subscriptionStatus: 'canceled',
  stripeCustomerId: 'cus_1',
  stripeSubscriptionNextBillingDate: null,
  transformationsUsed: 0,
  transformationsLimit: 20,
  firebaseUUID: null,
  styleLens: null,
  styleSaveStatus: false,
  emailConfirmed: true,
  hasPassword: true,
  passwordRemoved: false,
};

const created = { clientSecret: 'seti_secret', customerId: 'cus_9', subscriptionId: 'sub_9' };

/** A signed-out visitor's server (the profile answers 401) that makes subscriptions and takes cards; `handlers` change any of it. */
function serveCheckout(handlers: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    userProfile: () => refuse(401, 'Unauthorized'),
    createSubscription: created,
    localConfirm: { status: 'succeeded' },
    ...handlers,
  });
}

const renderCheckout = (at: string = paths.checkout) => renderWithProviders(<CheckoutPage />, { at, path: paths.checkout });
const emailField = () => screen.getByLabelText<HTMLInputElement>('Email *');
const hostedButton = () => screen.getByRole('button', { name: 'Pay on a secure checkout page instead' });

/** The subscription is made once typing pauses (half a second): the test's clock passes the pause at once. */
const passTypingPause = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(500);
  });

const setupUser = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

async function payWithCard(user: ReturnType<typeof userEvent.setup>, number = '4242424242424242') {
  await passTypingPause();
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1229');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.click(screen.getByRole('button', { name: 'Pay Now $12.00' }));
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('CheckoutPage', () => {
  it('asks for an e-mail first: no card form and no hosted checkout before it is valid', async () => {
    const server = serveCheckout();
    renderCheckout();
    expect(screen.getByRole('heading', { level: 1, name: 'Complete Your Subscription' })).toBeTruthy();
    expect(screen.getByText('Enter your email to continue to payment.')).toBeTruthy();
    expect(hostedButton().hasAttribute('disabled')).toBe(true);
    const user = setupUser();
    await user.type(emailField(), 'robin@');
    expect(screen.getByRole('alert').textContent).toBe(messages.validation.invalidEmail);
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(hostedButton().hasAttribute('disabled')).toBe(true);
    expect(server.callsTo('createSubscription')).toEqual([]);
  });

  it('loads no script of Stripe’s with the offline provider (the server’s CSP then allows none)', async () => {
    serveCheckout();
    renderCheckout('/checkout?email=robin%40example.com');
    await passTypingPause();
    expect(await screen.findByRole('form', { name: 'Card payment' })).toBeTruthy();
    expect(document.querySelectorAll('script[src*="js.stripe.com"]')).toHaveLength(0);
  });

  it('makes the subscription once the e-mail is valid (the name falls back to it), then shows the card form', async () => {
    const made = deferred<void>();
    const server = serveCheckout({
      createSubscription: async () => {
        await made.promise;
        return created;
      },
    });
    renderCheckout();
    const user = setupUser();
    await user.type(emailField(), 'robin@example.com');
    await passTypingPause();
    expect((await screen.findByRole('status')).textContent).toBe('Preparing your subscription...');
    made.resolve();
    expect(await screen.findByRole('form', { name: 'Card payment' })).toBeTruthy();
    expect(screen.queryByText('Enter your email to continue to payment.')).toBeNull();
    expect(hostedButton().hasAttribute('disabled')).toBe(false);
    // Typing pauses before the subscription is made: one call for the whole address.
    expect(server.callsTo('createSubscription').map((sent) => sent.json)).toEqual([
      { email: 'robin@example.com', name: 'robin@example.com' },
    ]);
  });

  it('pays with the card, then goes on to create the account with the name as typed', async () => {
    const server = serveCheckout();
    renderCheckout('/checkout?email=robin%40example.com');
    const user = setupUser();
    expect(emailField().value).toBe('robin@example.com');
    await user.type(screen.getByLabelText('Name (optional)'), 'Robin Hood');
    await payWithCard(user);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.billing.subscriptionActive));
    expect(server.callsTo('localConfirm').map((sent) => sent.json)).toEqual([
      { clientSecret: 'seti_secret', card: { number: '4242 4242 4242 4242', expiry: '12 / 29', cvc: '123' } },
    ]);
    expect(currentAddress()).toBe(paths.createAccount('robin@example.com', 'cus_9', 'sub_9', 'Robin Hood'));
  });

  it('a declined card is told under the form, and the page stays', async () => {
    serveCheckout({ localConfirm: () => refuse(402, messages.billing.cardDeclined) });
    renderCheckout('/checkout?email=robin%40example.com');
    const user = setupUser();
    await payWithCard(user, '4000000000000002');
    const alert = await screen.findByText(`${messages.billing.paymentFailed}: ${messages.billing.cardDeclined}`);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(toast.success).not.toHaveBeenCalled();
    expect(currentAddress()).toBe('/checkout?email=robin%40example.com');
  });

  it('a signed-in subscriber pays for their own account and goes straight back to the tools', async () => {
    const server = serveCheckout({ userProfile: subscriber });
    renderCheckout();
    await waitFor(() => expect(emailField().value).toBe('robin@example.com'));
    expect(emailField().readOnly).toBe(true);
    expect(screen.getByText('You are signed in: the subscription is for this account.')).toBeTruthy();
    await payWithCard(setupUser());
    await waitFor(() => expect(currentAddress()).toBe(paths.spaceSelection));
    expect(server.callsTo('createSubscription')[0]!.json).toEqual({ email: 'robin@example.com', name: 'robin@example.com' });
  });

  it('an e-mail that already has an account is told under it, with a way to log in', async () => {
    serveCheckout({ createSubscription: () => refuse(409, messages.billing.accountExistsSignIn) });
    renderCheckout();
    await setupUser().type(emailField(), 'robin@example.com');
    await passTypingPause();
    expect((await screen.findByRole('alert')).textContent).toBe(messages.billing.accountExistsSignIn);
    expect(screen.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe(paths.login);
    expect(screen.queryByLabelText('Card number')).toBeNull();
    // Told once: no toast besides.
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('an answer without its secret counts as a failed subscription', async () => {
    serveCheckout({ createSubscription: { error: 'Stripe is not configured' } });
    renderCheckout();
    await setupUser().type(emailField(), 'robin@example.com');
    await passTypingPause();
    expect((await screen.findByRole('alert')).textContent).toBe(messages.billing.createSubscriptionFailed);
    expect(screen.queryByRole('link', { name: 'Log In' })).toBeNull();
  });
});

describe('CheckoutPage: the hosted checkout instead', () => {
  it('the hosted checkout sends the browser to the page the server made', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const server = serveCheckout({ createCheckoutSession: { url: '/local-checkout/cs_1' } });
    renderCheckout('/checkout?email=robin%40example.com&name=Robin');
    await setupUser().click(hostedButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/local-checkout/cs_1'));
    expect(server.callsTo('createCheckoutSession')[0]!.json).toEqual({ email: 'robin@example.com', name: 'Robin' });
  });

  it('a hosted checkout that fails is told as a Subscription Error, unless the e-mail already says why', async () => {
    serveCheckout({ createCheckoutSession: () => refuse(502, 'The payment service is down') });
    renderCheckout('/checkout?email=robin%40example.com');
    const user = setupUser();
    await user.click(hostedButton());
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(messages.billing.subscriptionError, { description: 'The payment service is down' }),
    );
    cleanup();
    vi.clearAllMocks();

    const refusal = () => refuse(409, messages.billing.accountExistsSignIn);
    const server = serveCheckout({ createSubscription: refusal, createCheckoutSession: refusal });
    renderCheckout('/checkout?email=robin%40example.com');
    await passTypingPause();
    await screen.findByRole('alert');
    await user.click(hostedButton());
    await waitFor(() => expect(server.callsTo('createCheckoutSession')).toHaveLength(1));
    expect(toast.error).not.toHaveBeenCalled();
  });
});
