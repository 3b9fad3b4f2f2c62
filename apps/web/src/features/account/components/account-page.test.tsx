import { messages } from '@rv/contracts/messages';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InitialEntry } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { draftKey, draftStore } from '@/lib/draft-store';
import { fakeServer, refuse } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { userProfile } from '@test/user-profile';
import { AccountPage, type AccountPageProps } from './account-page';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const details = { location: null, pendingEmail: null };
const designsLoaded = { pending: false, sessionGone: false };

function renderAccount(designsState: AccountPageProps['designsState'] = designsLoaded, at: InitialEntry = paths.account) {
  return renderWithProviders(
    <AccountPage
      myDesigns={<h2>My Designs</h2>}
      styleLensSection={<h2>StyleLens</h2>}
      privacySection={<h2>{messages.privacy.sectionTitle}</h2>}
      designsState={designsState}
    />,
    { at, path: paths.account },
  );
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('AccountPage', () => {
  it('shows the loading screen until the profile and the designs are there, then every section in order', async () => {
    fakeServer({ userProfile: userProfile(), profileDetails: details });
    renderAccount({ pending: true, sessionGone: false });
    expect(screen.getByRole('status').textContent).toContain('Loading your account...');
    cleanup();
    fakeServer({ userProfile: userProfile(), profileDetails: details });
    renderAccount();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Account' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent?.trim())).toEqual([
      'Personal Information',
      'Subscription & Billing',
      messages.password.sectionTitle,
      'My Designs',
      'StyleLens',
      messages.privacy.sectionTitle,
    ]);
    expect(screen.getByRole('region', { name: 'Personal Information' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe(paths.home);
  });

  it('after a proof of the address ended a password, says so and links to the Password section, until a password is set', async () => {
    fakeServer({ userProfile: userProfile({ hasPassword: false, passwordRemoved: true }), profileDetails: details });
    renderAccount(designsLoaded, `${paths.account}#password`);
    await screen.findByRole('heading', { level: 1, name: 'Your Account' });
    const notice = screen.getAllByRole('status').find((status) => status.textContent?.includes(messages.password.removedNotice));
    expect(notice?.textContent).toBe(`${messages.password.removedNotice} ${messages.password.removedNoticeAction}.`);
    const link = screen.getByRole('link', { name: messages.password.removedNoticeAction });
    expect(link.getAttribute('href')).toBe('#password');
    expect(document.getElementById('password')?.getAttribute('aria-labelledby')).toBe('password-title');
    expect(screen.getByRole('form', { name: messages.password.setTitle })).toBeTruthy();
    cleanup();
    fakeServer({ userProfile: userProfile({ hasPassword: true, passwordRemoved: false }), profileDetails: details });
    renderAccount();
    await screen.findByRole('heading', { level: 1, name: 'Your Account' });
    expect(screen.queryByText(messages.password.removedNotice, { exact: false })).toBeNull();
  });

  it('a session that is gone asks the person to log in', async () => {
    vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    fakeServer({ userProfile: () => refuse(401, 'Unauthorized'), profileDetails: details });
    renderAccount();
    expect((await screen.findByRole('alert')).textContent).toBe(messages.auth.pleaseLogIn);
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe(paths.login);
    cleanup();
    fakeServer({ userProfile: userProfile(), profileDetails: details });
    renderAccount({ pending: false, sessionGone: true });
    expect((await screen.findByRole('alert')).textContent).toBe(messages.auth.pleaseLogIn);
  });

  it('a failed load says so, and Try again asks again', async () => {
    let fail = true;
    const server = fakeServer({ userProfile: () => (fail ? refuse(500, 'boom') : userProfile()), profileDetails: details });
    renderAccount();
    expect((await screen.findByRole('alert')).textContent).toBe(messages.account.loadFailed);
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Account' })).toBeTruthy();
    expect(server.callsTo('userProfile')).toHaveLength(2);
  });

  it('offers Back to the app page it was opened from, and only to one', async () => {
    fakeServer({ userProfile: userProfile(), profileDetails: details });
    renderAccount(designsLoaded, { pathname: paths.account, state: { from: '/furnishing-decorating/design/d1' } });
    expect((await screen.findByRole('link', { name: 'Back' })).getAttribute('href')).toBe('/furnishing-decorating/design/d1');
    cleanup();
    fakeServer({ userProfile: userProfile(), profileDetails: details });
    renderAccount(designsLoaded, { pathname: paths.account, state: { from: '//evil.example.com' } });
    await screen.findByRole('heading', { level: 1, name: 'Your Account' });
    expect(screen.queryByRole('link', { name: 'Back' })).toBeNull();
  });

  it('Logout signs out, says so, then loads the home page afresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const server = fakeServer({ userProfile: userProfile(), profileDetails: details, logout: { message: 'Logged out' } });
    // What this browser kept for Robin (a tool form's draft, ADR 054) goes with the sign-out; another account's stays.
    await draftStore().write(draftKey('user-robin', 'furnishing'), { texts: {} }, new Map());
    await draftStore().write(draftKey('user-other', 'furnishing'), { texts: {} }, new Map());
    renderAccount();
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.auth.loggedOutTitle, { description: messages.auth.loggedOut }));
    expect(server.callsTo('logout')).toHaveLength(1);
    expect(await draftStore().read(draftKey('user-robin', 'furnishing'))).toBeUndefined();
    expect(await draftStore().read(draftKey('user-other', 'furnishing'))).toBeDefined();
    await draftStore().removeUnder('');
    expect(screen.getByRole('button', { name: 'Logging out...' }).hasAttribute('disabled')).toBe(true);
    expect(assign).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_200);
    });
    expect(assign).toHaveBeenCalledWith(paths.home);
  });

  it('a failed logout is told, and the person stays signed in here', async () => {
    fakeServer({ userProfile: userProfile(), profileDetails: details, logout: () => refuse(500, 'boom') });
    renderAccount();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.auth.logoutFailed));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Logout' }).hasAttribute('disabled')).toBe(false));
    expect(screen.getByRole('heading', { level: 1, name: 'Your Account' })).toBeTruthy();
  });
});
