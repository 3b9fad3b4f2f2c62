import { messages } from '@rv/contracts/messages';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { rememberReturnPath } from '@/lib/return-path';
import { fakeServer, refuse } from '@test/fake-server';
import { currentAddress, renderWithProviders } from '@test/render';
import { userProfile } from '@test/user-profile';
import { LoginForm } from './login-form';
import { ProcessLogin } from './process-login';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

/** The e-mailed link's page, with the log-in page beside it to tell why a sign-in failed. */
const open = (at: string) =>
  renderWithProviders(<ProcessLogin />, { at, path: paths.processLogin, routes: { [paths.login]: <LoginForm /> } });

beforeEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProcessLogin', () => {
  it('uses the link’s token with a POST (a mail scanner opening the link cannot), then opens the tools', async () => {
    const server = fakeServer({
      login: { user: { email: 'robin@example.com', name: 'Robin', hasToolAccess: true } },
      userProfile: userProfile(),
    });
    open('/process-login?email=robin%40example.com&token=tok_1');
    expect(screen.getByRole('status').textContent).toBe('Signing you in...');
    await waitFor(() => expect(currentAddress()).toBe(paths.spaceSelection));
    expect(server.calls.map((call) => [call.method, call.name, call.json])).toEqual([
      ['POST', 'login', { email: 'robin@example.com', token: 'tok_1' }],
      ['GET', 'userProfile', undefined],
    ]);
  });

  it('a sign-in that ended a password set before it (the first proof) lands on the account’s password section, by link or by Google', async () => {
    fakeServer({
      login: { user: { email: 'robin@example.com', name: 'Robin', hasToolAccess: true } },
      userProfile: userProfile({ hasPassword: false, passwordRemoved: true }),
    });
    rememberReturnPath('/style-lens');
    open('/process-login?email=robin%40example.com&token=tok_1');
    await waitFor(() => expect(currentAddress()).toBe(`${paths.account}#password`));
    cleanup();
    fakeServer({ checkToolAccess: { hasAccess: true }, userProfile: userProfile({ hasPassword: false, passwordRemoved: true }) });
    open('/process-login?via=google');
    await waitFor(() => expect(currentAddress()).toBe(`${paths.account}#password`));
  });

  it('lands without a subscription on the account, or back where the session ended', async () => {
    fakeServer({ login: { user: { email: 'robin@example.com', name: 'Robin', hasToolAccess: false } }, userProfile: userProfile() });
    open('/process-login?email=robin%40example.com&token=tok_1');
    await waitFor(() => expect(currentAddress()).toBe(paths.account));
    cleanup();
    rememberReturnPath('/style-lens');
    open('/process-login?email=robin%40example.com&token=tok_1');
    await waitFor(() => expect(currentAddress()).toBe('/style-lens'));
  });

  it('returns to the log-in page saying why: no e-mail, no token, or the server’s refusal', async () => {
    const server = fakeServer({ login: () => refuse(401, messages.validation.signInExpired) });
    open('/process-login?token=tok_1');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.auth.noEmailForSignIn, { id: messages.auth.noEmailForSignIn }));
    expect(currentAddress()).toBe(paths.login);
    cleanup();
    open('/process-login?email=robin%40example.com');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.auth.noSignInRequest, { id: messages.auth.noSignInRequest }));
    expect(server.calls).toEqual([]);
    cleanup();
    open('/process-login?email=robin%40example.com&token=old');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(messages.validation.signInExpired, { id: messages.validation.signInExpired }),
    );
    expect(currentAddress()).toBe(paths.login);
  });

  it('after Google, asks whether the person has tool access and lands them by it', async () => {
    const server = fakeServer({ checkToolAccess: { hasAccess: true }, userProfile: userProfile() });
    open('/process-login?via=google');
    await waitFor(() => expect(currentAddress()).toBe(paths.spaceSelection));
    expect(server.calls.map((call) => call.name)).toEqual(['checkToolAccess', 'userProfile']);
    cleanup();
    fakeServer({ checkToolAccess: () => refuse(401, 'Unauthorized') });
    open('/process-login?via=google');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.auth.loginFailed, { id: messages.auth.loginFailed }));
  });
});
