import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteHeader } from './site-header';

/** GET /api/check-tool-access answers `hasAccess`. */
function serveToolAccess(hasAccess: boolean) {
  vi.stubGlobal('fetch', async (url: string) => {
    expect(url).toBe('/api/check-tool-access');
    return new Response(JSON.stringify({ hasAccess }), { status: 200 });
  });
}

function renderHeader(props: Parameters<typeof SiteHeader>[0] = {}) {
  render(
    <MemoryRouter initialEntries={['/privacy']}>
      <SiteHeader {...props} />
      <Routes>
        <Route path="/privacy" element={<h1>Privacy page</h1>} />
        <Route path="/how-it-works" element={<h1>How it works page</h1>} />
        <Route path="/login" element={<h1>Log in page</h1>} />
        <Route path="/account" element={<h1>Account page</h1>} />
      </Routes>
      <button type="button">Elsewhere</button>
    </MemoryRouter>,
  );
  const button = screen.getByRole('button', { name: 'Menu' });
  const panel = () => document.getElementById(button.getAttribute('aria-controls') ?? '')!;
  return { button, panel };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SiteHeader menu (phones)', () => {
  it('is a closed disclosure at first, and opens to the header links', async () => {
    serveToolAccess(false);
    const { button, panel } = renderHeader();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel().hidden).toBe(true);
    expect(within(panel()).queryByRole('link', { name: 'How it works' })).toBeNull();

    await userEvent.setup().click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel().hidden).toBe(false);
    expect(within(panel()).getByRole('link', { name: 'How it works' }).getAttribute('href')).toBe('/how-it-works');
    expect(within(panel()).getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login');
  });

  it('shows My Account instead of Log In once tool access is granted', async () => {
    serveToolAccess(true);
    const { button, panel } = renderHeader();
    await userEvent.setup().click(button);
    await waitFor(() => expect(within(panel()).getByRole('link', { name: 'My Account' }).getAttribute('href')).toBe('/account'));
    expect(within(panel()).queryByRole('link', { name: 'Log In' })).toBeNull();
  });

  it("the header's My Account is a new link when access is granted, not Log In's restyled (whose colours would fade, its text unreadable meanwhile)", async () => {
    serveToolAccess(true);
    renderHeader();
    const logIn = screen.getByRole('link', { name: 'Log In' });
    const myAccount = await screen.findByRole('link', { name: 'My Account' });
    expect(myAccount).not.toBe(logIn);
    expect(logIn.isConnected).toBe(false);
  });

  it('closes on Escape and puts focus back on its button', async () => {
    serveToolAccess(false);
    const { button, panel } = renderHeader();
    const user = userEvent.setup();
    await user.click(button);
    within(panel()).getByRole('link', { name: 'How it works' }).focus();
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel().hidden).toBe(true);
    expect(document.activeElement).toBe(button);

    // Escape right after opening (focus still on the button) closes it too.
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes when a link is followed, and when a click or focus goes elsewhere', async () => {
    serveToolAccess(false);
    const { button, panel } = renderHeader();
    const user = userEvent.setup();

    await user.click(button);
    await user.click(within(panel()).getByRole('link', { name: 'How it works' }));
    expect(screen.getByRole('heading', { name: 'How it works page' })).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await user.click(button);
    await user.click(screen.getByRole('heading', { name: 'How it works page' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');

    // Tabbing on from the menu's last link leaves it.
    await user.click(button);
    await user.tab();
    expect(document.activeElement).toBe(within(panel()).getByRole('link', { name: 'How it works' }));
    await user.tab();
    expect(document.activeElement).toBe(within(panel()).getByRole('link', { name: 'Log In' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel().hidden).toBe(true);
  });

  it('leaves the account link out where the page draws its own (the results page)', async () => {
    serveToolAccess(true);
    const { button, panel } = renderHeader({ accountLink: false });
    await userEvent.setup().click(button);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(within(panel()).getByRole('link', { name: 'How it works' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'My Account' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Log In' })).toBeNull();
  });
});
