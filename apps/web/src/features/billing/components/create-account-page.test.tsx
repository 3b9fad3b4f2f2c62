import { PASSWORD_MIN } from '@rv/contracts/constants';
import { messages } from '@rv/contracts/messages';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { deferred, fakeServer, refuse } from '@test/fake-server';
import { currentAddress, renderWithProviders } from '@test/render';
import { CreateAccountPage } from './create-account-page';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const afterPayment = paths.createAccount('robin@example.com', 'cus_9', 'sub_9', 'Robin Hood');
const signedIn = { user: { email: 'robin@example.com', name: 'Robin Hood', hasToolAccess: true } };
const renderPage = (at = afterPayment) => renderWithProviders(<CreateAccountPage />, { at, path: '/create-account' });

async function choose(password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CreateAccountPage', () => {
  it('is reached only after payment: without the checkout’s ids it sends the person back to checkout', () => {
    renderPage('/create-account?email=robin%40example.com&customer_id=cus_9');
    expect(screen.getByRole('heading', { name: messages.billing.invalidAccess })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Checkout' }).getAttribute('href')).toBe(paths.checkout);
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('shows the paid e-mail, read-only, and the password rule', () => {
    renderPage();
    const email = screen.getByLabelText<HTMLInputElement>('Email');
    expect([email.value, email.readOnly]).toEqual(['robin@example.com', true]);
    expect(screen.getByText(`At least ${PASSWORD_MIN} characters.`)).toBeTruthy();
  });

  it('refuses a short password and a confirmation that does not match, sending nothing', async () => {
    const server = fakeServer({ createAccount: signedIn });
    renderPage();
    await choose('short', 'shorter');
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual([messages.validation.passwordTooShort, messages.validation.passwordsDontMatch]);
    expect(server.calls).toEqual([]);
  });

  it('creates the account with the paid subscription and the name from checkout, then opens the tools', async () => {
    const made = deferred<void>();
    const server = fakeServer({
      createAccount: async () => {
        await made.promise;
        return signedIn;
      },
    });
    renderPage();
    await choose('correct horse');
    expect(screen.getByRole('button', { name: 'Creating your account...' }).hasAttribute('disabled')).toBe(true);
    made.resolve();
    await waitFor(() => expect(currentAddress()).toBe(paths.spaceSelection));
    expect(toast.success).toHaveBeenCalledWith(messages.billing.accountCreated);
    expect(server.callsTo('createAccount').map((sent) => sent.json)).toEqual([
      {
        email: 'robin@example.com',
        password: 'correct horse',
        stripeCustomerId: 'cus_9',
        stripeSubscriptionId: 'sub_9',
        name: 'Robin Hood',
      },
    ]);
  });

  it('a refusal is told with the server’s reason, and the form stays to try again', async () => {
    fakeServer({ createAccount: () => refuse(402, 'The subscription is not paid') });
    renderPage();
    await choose('correct horse');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        `${messages.billing.accountCreationFailedTitle}: ${messages.billing.accountCreationFailedBody}`,
        { description: 'The subscription is not paid' },
      ),
    );
    expect(screen.getByRole('button', { name: 'Create Account' }).hasAttribute('disabled')).toBe(false);
    expect(currentAddress()).toBe(afterPayment);
  });

  it('a payment the server refunded (the e-mail got its account from another) is said in plain words, leading to sign-in', async () => {
    fakeServer({ createAccount: () => refuse(409, messages.billing.paymentRefunded) });
    renderPage();
    await choose('correct horse');
    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('heading', { name: messages.billing.paymentRefundedTitle })).toBeTruthy();
    expect(alert.textContent).toContain(messages.billing.paymentRefunded);
    expect(screen.getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe(paths.login);
    // Not 'please try again': there is nothing to try again.
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
  });

  it('a refusal to an existing address does not send the person to log in (the sign-in flow handles its 401)', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    fakeServer({ createAccount: () => refuse(401, 'Please log in') });
    renderPage();
    await choose('correct horse');
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(assign).not.toHaveBeenCalled();
    expect(currentAddress()).toBe(afterPayment);
  });
});
