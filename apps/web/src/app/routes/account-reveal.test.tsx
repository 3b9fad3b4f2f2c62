import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { fakeServer } from '@test/fake-server';
import { renderWithProviders } from '@test/render';
import { userProfile } from '@test/user-profile';
import { Component as AccountRoute } from './account';

// A file of its own: the page's code is loaded once per module graph, and this is about the first visit, before it is in.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the account route, on the first visit', () => {
  it('keeps its one loading screen until the page replaces it: no second one, which React reveals no sooner than 300 ms later', async () => {
    fakeServer({
      userProfile: userProfile(),
      profileDetails: { location: null, pendingEmail: null },
      designList: { designs: [], updatedPage: 1, hasPreviousPage: false, hasNextPage: false, lastPage: 1 },
      checkToolAccess: { hasAccess: true },
    });
    const { container } = renderWithProviders(<AccountRoute />, { at: paths.account, path: paths.account });
    const loadingScreen = screen.getByRole('status');
    expect(loadingScreen.textContent).toContain('Loading your account...');
    // Every change to the page until the account shows: the first loading screen is there, or the account is.
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const accountShown = screen.queryByRole('heading', { level: 1, name: 'Your Account' }) !== null;
      if (!accountShown && !loadingScreen.isConnected) seen.push(container.innerHTML.slice(0, 200));
    });
    observer.observe(container, { childList: true, subtree: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Account' }, { timeout: 10_000 })).toBeTruthy();
    observer.disconnect();
    expect(seen).toEqual([]);
    expect(loadingScreen.isConnected).toBe(false);
  });
});
