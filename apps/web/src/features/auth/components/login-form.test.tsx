import { messages } from '@rv/contracts/messages';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InitialEntry } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { rememberReturnPath } from '@/lib/return-path';
import { getSiteConfig, setSiteConfig } from '@/lib/site-config';
import { deferred, fakeServer, refuse } from '@test/fake-server';
import { currentAddress, renderWithProviders } from '@test/render';
import { LoginForm } from './login-form';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const renderLogin = (at: InitialEntry = paths.login) => renderWithProviders(<LoginForm />, { at, path: paths.login });

const signedIn = (hasToolAccess: boolean) => ({ user: { email: 'robin@example.com', name: 'Robin', hasToolAccess } });

beforeEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setSiteConfig({ ...getSiteConfig(), googleSignIn: false });
});

describe('LoginForm with an e-mailed link', () => {
  it('refuses an empty address and one that is not an address, asking the server nothing', async () => {
    const server = fakeServer({});
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('alert').textContent).toBe(messages.validation.invalidEmail);
    await user.type(screen.getByLabelText('Email'), 'robin.example.com');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('alert').textContent).toBe(messages.validation.invalidEmailFormat);
    expect(server.calls).toEqual([]);
  });

  it('checks the account, sends the link, and says where it went', async () => {
    const sending = deferred<void>();
    const server = fakeServer({
      checkUser: { success: true },
      requestSignin: async () => {
        await sending.promise;
        return { message: 'sent' };
      },
    });
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), '  Robin@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('button', { name: 'Signing in...' }).hasAttribute('disabled')).toBe(true);
    sending.resolve();
    const sent = await screen.findByRole('status');
    expect(sent.textContent).toContain(messages.auth.checkYourEmail);
    expect(sent.textContent).toContain('We sent a sign-in link to robin@example.com. It works once and expires in 10 minutes.');
    // The address is sent as the spec keeps it: trimmed and lowercased.
    expect(server.calls.map((call) => [call.name, call.json])).toEqual([
      ['checkUser', { email: 'robin@example.com' }],
      ['requestSignin', { email: 'robin@example.com' }],
    ]);
    await user.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it('an address without an account goes to the pricing, saying to subscribe first', async () => {
    const server = fakeServer({ checkUser: () => refuse(404, messages.auth.noAccount), requestSignin: { message: 'sent' } });
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(currentAddress()).toBe(paths.pricing));
    expect(server.callsTo('requestSignin')).toEqual([]);
  });

  it('any other failure is told with the server’s words, and the form stays', async () => {
    fakeServer({ checkUser: { success: true }, requestSignin: () => refuse(429, messages.server.tooManyRequests) });
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'robin@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.server.tooManyRequests));
    expect(screen.getByRole('button', { name: 'Sign In' }).hasAttribute('disabled')).toBe(false);
  });
});

describe('LoginForm with a password', () => {
  async function signInWithPassword() {
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Use a password instead' }));
    await user.type(screen.getByLabelText('Email'), 'robin@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    return user;
  }

  it('signs a subscriber in and opens the tools', async () => {
    const server = fakeServer({ passwordLogin: signedIn(true) });
    renderLogin();
    await signInWithPassword();
    await waitFor(() => expect(currentAddress()).toBe(paths.spaceSelection));
    expect(server.callsTo('passwordLogin')[0]!.json).toEqual({ email: 'robin@example.com', password: 'correct horse' });
  });

  it('someone without a subscription lands on their account', async () => {
    fakeServer({ passwordLogin: signedIn(false) });
    renderLogin();
    await signInWithPassword();
    await waitFor(() => expect(currentAddress()).toBe(paths.account));
  });

  it('comes back to the page the person was on when their session ended', async () => {
    rememberReturnPath('/furnishing-decorating?step=2');
    fakeServer({ passwordLogin: signedIn(true) });
    renderLogin();
    await signInWithPassword();
    await waitFor(() => expect(currentAddress()).toBe('/furnishing-decorating?step=2'));
  });

  it('a wrong password is told, and the person stays on the form', async () => {
    fakeServer({ passwordLogin: () => refuse(401, 'Invalid email or password') });
    renderLogin();
    await signInWithPassword();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Invalid email or password'));
    expect(currentAddress()).toBe(paths.login);
  });

  it('can go back to the e-mailed link, which hides the password', async () => {
    renderLogin();
    const user = userEvent.setup();
    // The password is in the page from the start (so the page's keeper can show it before React runs), hidden.
    const password = screen.getByLabelText('Password');
    expect(password.closest('[hidden]')).not.toBeNull();
    const toggle = screen.getByRole('button', { name: 'Use a password instead' });
    expect([toggle.getAttribute('aria-expanded'), toggle.getAttribute('aria-controls')]).toEqual(['false', 'login-password-panel']);
    await user.click(toggle);
    expect(password.closest('[hidden]')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link instead' }));
    expect(password.closest('[hidden]')).not.toBeNull();
  });

  it('keeps the empty e-mail message in the page, hidden, for the keeper to show before React runs, and shows it itself', async () => {
    renderLogin();
    const message = document.querySelector<HTMLElement>('[data-required-for="login-email"]');
    expect([message?.hidden, message?.textContent]).toEqual([true, messages.validation.invalidEmail]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign In' }));
    expect(message?.hidden).toBe(false);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([messages.validation.invalidEmail]);
  });
});

describe('LoginForm notices and Google', () => {
  it('says why the person was sent here, once', () => {
    renderLogin({ pathname: paths.login, state: { notice: messages.auth.pleaseLogIn } });
    expect(toast.error).toHaveBeenCalledWith(messages.auth.pleaseLogIn, { id: messages.auth.pleaseLogIn });
    cleanup();
    vi.clearAllMocks();
    renderLogin({ pathname: paths.login, state: { error: messages.validation.signInExpired } });
    expect(toast.error).toHaveBeenCalledWith(messages.validation.signInExpired, { id: messages.validation.signInExpired });
  });

  it('tells Google’s errors in the spec’s words and clears them from the address', async () => {
    renderLogin('/login?error=access_denied');
    expect(toast.error).toHaveBeenCalledWith(messages.auth.loginCancelled);
    await waitFor(() => expect(currentAddress()).toBe(paths.login));
    cleanup();
    renderLogin('/login?error=signup_disabled');
    expect(toast.error).toHaveBeenLastCalledWith(messages.auth.noGoogleAccount);
    cleanup();
    renderLogin('/login?error=invalid_code');
    expect(toast.error).toHaveBeenLastCalledWith(messages.auth.loginFailed);
  });

  it('offers Google only where the server has it configured', () => {
    renderLogin();
    expect(screen.getByRole('button', { name: 'Login with google' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Google sign-in is not configured on this server.')).toBeTruthy();
  });

  it('starts Google’s sign-in and goes to the address the server gives', async () => {
    setSiteConfig({ ...getSiteConfig(), googleSignIn: true });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const server = fakeServer({ socialSignIn: { url: 'https://accounts.google.com/o/oauth2/auth?x=1' } });
    renderLogin();
    expect(screen.queryByText('Google sign-in is not configured on this server.')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Login with google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/auth?x=1'));
    expect(server.callsTo('socialSignIn')[0]!.json).toEqual({
      provider: 'google',
      callbackURL: '/process-login?via=google',
      errorCallbackURL: '/login',
    });
  });

  it('links to the pricing for someone without an account', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe(paths.pricing);
  });
});
