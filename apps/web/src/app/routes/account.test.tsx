import { messages } from '@rv/contracts/messages';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { fakeServer } from '@test/fake-server';
import { currentAddress, renderWithProviders } from '@test/render';
import { userProfile } from '@test/user-profile';
import { Component as AccountRoute } from './account';

const noDesigns = { designs: [], updatedPage: 1, hasPreviousPage: false, hasNextPage: false, lastPage: 1 };

/** A signed-in subscriber's server, with an e-mail change waiting for its link. */
function serveAccount() {
  return fakeServer({
    userProfile: userProfile(),
    profileDetails: { location: null, pendingEmail: 'new@example.com' },
    designList: noDesigns,
    confirmEmailPreview: { email: 'new@example.com', accountEmail: 'robin@example.com' },
  });
}

/** The whole page's code loads behind the loading screen (its sections, My Designs): the first time, that can take a while here. */
const codeLoaded = { timeout: 10_000 };

const openAccount = (at: string) => renderWithProviders(<AccountRoute />, { at, path: paths.account });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the account route', () => {
  it('shows the loading screen at once, asks for the account’s data meanwhile, then draws the whole page', async () => {
    const server = serveAccount();
    openAccount(paths.account);
    expect(screen.getByRole('status').textContent).toContain('Loading your account...');
    await waitFor(() => expect(server.calls.length).toBeGreaterThanOrEqual(4));
    expect(server.calls.slice(0, 4).map((sent) => sent.url)).toEqual([
      '/api/user-profile',
      '/api/user-profile/details',
      '/api/designs?page=1&limit=6&scope=saved',
      '/api/designs?page=1&limit=6&scope=all',
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Account' }, codeLoaded)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'StyleLens' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: messages.privacy.sectionTitle })).toBeTruthy();
    // Each call once: the page found the answers the route asked for.
    expect(server.callsTo('userProfile')).toHaveLength(1);
  });

  it('the mailed link opens the e-mail change instead, asking nothing of the account until it is done', async () => {
    const server = serveAccount();
    openAccount('/account?confirm_email=tok_1');
    expect(screen.getByRole('heading', { level: 1, name: messages.emailChange.title })).toBeTruthy();
    expect(await screen.findByTestId('email-change-account')).toBeTruthy();
    expect(server.calls.map((sent) => sent.name)).toEqual(['confirmEmailPreview']);
    expect(server.calls[0]!.json).toEqual({ token: 'tok_1' });

    await userEvent.setup().click(screen.getByRole('button', { name: messages.emailChange.cancel }));
    expect(currentAddress()).toBe(paths.account);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Account' }, codeLoaded)).toBeTruthy();
  });
});
